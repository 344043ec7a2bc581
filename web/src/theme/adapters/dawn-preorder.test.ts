import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../../constants';
import { startDawnPreorder } from './dawn-preorder';

/** Snowfall Yoke Sweater's plans: a 20 % deposit, then paying in full. */
const DEPOSIT = 4123456061;
const IN_FULL = 4123456062;
const allocations = (...plans: number[]) =>
  plans.map((plan) => ({
    price: 15900,
    selling_plan_id: plan,
    checkout_charge_amount: plan === DEPOSIT ? 3180 : 15900,
  }));
const variant = (id: number, ...plans: number[]) => ({
  id,
  price: 15900,
  compare_at_price: null,
  selling_plan_allocations: allocations(...plans),
});

/**
 * Dawn's product section: the selected variant its picker prints, and its product form with the
 * variant input and Add to cart (snippets/buy-buttons.liquid); ownPlans adds payment options a
 * theme or an app placed, tied to the form from outside it.
 */
function dawnProduct(selected: unknown, { ownPlans = false } = {}) {
  document.body.innerHTML = `
    <product-info data-section="main">
      <variant-selects><script type="application/json" data-selected-variant>${JSON.stringify(selected)}</script></variant-selects>
      <product-form class="product-form">
        <form id="product-form-main" data-type="add-to-cart-form">
          <input type="hidden" name="id" value="${(selected as { id: number }).id}">
          <div class="product-form__buttons"><button type="submit" name="add">Add to cart</button></div>
        </form>
      </product-form>
      ${ownPlans ? `<input type="radio" name="selling_plan" value="${IN_FULL}" form="product-form-main" checked>` : ''}
    </product-info>`;
}

const form = () => document.querySelector<HTMLFormElement>('#product-form-main')!;
const sent = () => new FormData(form()).get('selling_plan');

/** Dawn's product-info on a variant change: the picker prints the variant, the form's input changes. */
function dawnSelects(next: unknown) {
  document.querySelector('[data-selected-variant]')!.textContent = JSON.stringify(next);
  const input = form().querySelector<HTMLInputElement>('input[name="id"]')!;
  input.value = String((next as { id: number }).id);
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

let stop: () => void = () => {};
afterEach(() => {
  stop();
  delete window.knitfrontPreorderShown;
  document.body.innerHTML = '';
});

describe("a pre-order on Dawn's product page", () => {
  it.each([
    {
      name: 'a variant sold with selling plans',
      selected: variant(1, DEPOSIT, IN_FULL),
      ownPlans: false,
      plan: String(DEPOSIT),
      announced: true,
    },
    {
      name: 'a variant bought outright',
      selected: variant(1),
      ownPlans: false,
      plan: null,
      announced: false,
    },
    {
      name: 'payment options of the theme',
      selected: variant(1, DEPOSIT, IN_FULL),
      ownPlans: true,
      plan: String(IN_FULL),
      announced: true,
    },
  ])('$name: the form sends $plan', ({ selected, ownPlans, plan, announced }) => {
    const shown = vi.fn();
    document.addEventListener(EVENTS.preorderShow, shown);
    dawnProduct(selected, { ownPlans });
    stop = startDawnPreorder();
    document.removeEventListener(EVENTS.preorderShow, shown);

    expect(sent()).toBe(plan);
    expect(shown).toHaveBeenCalledTimes(announced ? 1 : 0);
    expect(window.knitfrontPreorderShown === true).toBe(announced);
  });

  it('sends the selling plan of each variant Dawn selects next, and none for one bought outright', () => {
    dawnProduct(variant(1, DEPOSIT));
    stop = startDawnPreorder();
    dawnSelects(variant(2, IN_FULL));
    expect(sent()).toBe(String(IN_FULL));
    dawnSelects(variant(3));
    expect(sent()).toBeNull();
    expect(form().querySelectorAll('input[name="selling_plan"]')).toHaveLength(0);
  });

  it('announces the pre-order once, and its end when a variant bought outright is selected', () => {
    const heard: string[] = [];
    const hear = (event: Event) => heard.push(event.type);
    document.addEventListener(EVENTS.preorderShow, hear);
    document.addEventListener(EVENTS.preorderHide, hear);
    dawnProduct(variant(1, DEPOSIT));
    stop = startDawnPreorder();
    dawnSelects(variant(2, DEPOSIT));
    dawnSelects(variant(3));
    dawnSelects(variant(4));
    document.removeEventListener(EVENTS.preorderShow, hear);
    document.removeEventListener(EVENTS.preorderHide, hear);
    expect(heard).toEqual([EVENTS.preorderShow, EVENTS.preorderHide]);
    expect(window.knitfrontPreorderShown).toBe(false);
  });

  it("brings the app's payment options to the variant Dawn rendered, and sends their plan", () => {
    const messages: ((data: unknown) => void)[] = [];
    window.subscribe = (_name, callback) => {
      messages.push(callback);
      return () => messages.splice(messages.indexOf(callback), 1);
    };
    // Dawn's constants.js declares PUB_SUB_EVENTS as a global of its scripts.
    (globalThis as { PUB_SUB_EVENTS?: unknown }).PUB_SUB_EVENTS = {
      variantChange: 'variant-change',
    };
    const options = (plans: number[]) => `
      <div class="knitfront-payment-options">
        <fieldset data-selling-plan-group data-variant-sync="selling-plans" ${plans.length ? '' : 'hidden disabled'}>
          ${plans.map((plan, index) => `<input type="radio" name="selling_plan" value="${plan}" form="product-form-main" ${index ? '' : 'checked'}>`).join('')}
        </fieldset>
      </div>`;
    dawnProduct(variant(1));
    document.querySelector('product-info')!.insertAdjacentHTML('beforeend', options([]));
    stop = startDawnPreorder();
    const heard = vi.fn();
    form().addEventListener('change', heard);

    // Dawn's product-info: the picker and the form's input, then the message with the section's HTML.
    dawnSelects(variant(2, IN_FULL, DEPOSIT));
    const html = new DOMParser().parseFromString(
      `<product-info>${options([IN_FULL, DEPOSIT])}</product-info>`,
      'text/html',
    );
    messages.forEach((message) => message({ data: { sectionId: 'main', html, variant: {} } }));

    expect(document.querySelectorAll('[data-selling-plan-group] input')).toHaveLength(2);
    expect(new FormData(form()).getAll('selling_plan')).toEqual([String(IN_FULL)]);
    expect(heard).toHaveBeenCalled();
    stop();
    expect(messages).toEqual([]);
    delete window.subscribe;
    delete (globalThis as { PUB_SUB_EVENTS?: unknown }).PUB_SUB_EVENTS;
  });

  it('leaves nothing of its own when stopped', () => {
    dawnProduct(variant(1, DEPOSIT));
    startDawnPreorder()();
    expect(sent()).toBeNull();
  });
});

describe("what checkout charges for a pre-order on Dawn's product page", () => {
  /** The app embed's texts and what Shopify tells of the cart's currency. */
  function embed() {
    window.Shopify = { country: 'LT', currency: { active: 'EUR' } };
    document.body.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="knitfront-texts">${JSON.stringify({
        approximate: '≈ {amount}',
        chargedAtCheckout: 'Charged at checkout: {amount}',
        dueToday: 'Due today',
        dueLater: 'Due later',
      })}</script>`,
    );
  }
  const buttons = () => document.querySelector<HTMLElement>('.product-form__buttons')!;
  const line = () => buttons().querySelector<HTMLElement>(':scope > [data-kf-buy-charged]');

  afterEach(() => {
    delete window.Shopify;
  });

  it("gives Dawn's buttons each plan's charge, the cart's currency and the line, as the knitfront theme's pre-order button has them", () => {
    dawnProduct(variant(1, DEPOSIT, IN_FULL));
    embed();
    stop = startDawnPreorder();

    expect(JSON.parse(buttons().dataset.checkoutCharges!)).toEqual({
      [DEPOSIT]: 3180,
      [IN_FULL]: 15900,
    });
    expect(buttons().dataset).toMatchObject({ currency: 'EUR', approximate: '≈ {amount}' });
    // The enhancer shows it, once the display currency differs and the rates are in.
    expect(line()).toMatchObject({
      hidden: true,
      dataset: { text: 'Charged at checkout: {amount}' },
    });
    expect(line()!.style.visibility).toBe('hidden');
    // Dawn hides an empty paragraph: the line holds the first plan's charge until it is written.
    expect(line()!.textContent).toBe('Charged at checkout: €31.80');
  });

  it('writes the charge of the plan the shop lists first, whatever its id', () => {
    dawnProduct(variant(1, IN_FULL, DEPOSIT));
    embed();
    stop = startDawnPreorder();
    expect(line()!.textContent).toBe('Charged at checkout: €159.00');
  });

  it('takes it all away for a variant bought outright, and gives it back for the next pre-order', () => {
    dawnProduct(variant(1, DEPOSIT));
    embed();
    stop = startDawnPreorder();
    dawnSelects(variant(2));
    expect(line()).toBeNull();
    expect({ ...buttons().dataset }).toEqual({});
    dawnSelects(variant(3, IN_FULL));
    expect(buttons().querySelectorAll('[data-kf-buy-charged]')).toHaveLength(1);
    expect(JSON.parse(buttons().dataset.checkoutCharges!)).toEqual({ [IN_FULL]: 15900 });
  });

  it("adds nothing where the page tells no cart currency or has no embed's texts", () => {
    dawnProduct(variant(1, DEPOSIT));
    stop = startDawnPreorder();
    expect(line()).toBeNull();
    expect({ ...buttons().dataset }).toEqual({});
  });
});
