import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BREAKPOINT_MOBILE_PX,
  BUTTON_STEP_TIMEOUT_MS,
  COMPLETION_POLL_MS,
  EVENTS,
  MESSAGES,
  PRICE_RETRY_INTERVAL_MS,
  PRICE_RETRY_LIMIT,
  PRICE_STABLE_DELAY_MS,
  SKELETON_HEIGHT_PX,
  SKELETON_HIDE_DELAY_MS,
} from '../constants';
import { BUY_BUTTON_STYLES, BUY_BUTTONS_STATE, startBuyButtons } from './buy-buttons';

interface PageOptions {
  /** The variant is open for pre-order: Add to cart hidden, the pre-order button shown. */
  preorder?: boolean;
  /** How many selling plans the payment options offer. */
  plans?: number;
  soldOut?: boolean;
  /** The price the price widget shows; null while it shows none yet. */
  price?: string | null;
}

/** The product page as theme/sections/main-product.liquid renders it, with the price widget's price. */
function productPage({
  preorder = false,
  plans = 0,
  soldOut = false,
  price = '€35',
}: PageOptions = {}) {
  const options = Array.from(
    { length: plans },
    (_, i) => `<div class="selling-plan-option">
      <input type="radio" id="SellingPlan-main-${i}" name="selling_plan" value="70${i}"${i === 0 ? ' checked' : ''}>
      <label for="SellingPlan-main-${i}">Plan ${i}</label></div>`,
  ).join('');
  document.body.innerHTML = `
    <section id="MainProduct-main">
      <div class="product__price" data-variant-sync="price"><div class="price"><div class="price__container">
        <product-price>${price === null ? '' : shownPrice(price)}</product-price>
      </div></div></div>
      <product-form class="product-form">
        <div class="product-form__error-message-wrapper" role="alert" hidden><span class="product-form__error-message"></span></div>
        <form method="post" action="/cart/add" id="product-form-main" data-type="add-to-cart-form" data-section="main">
          <input type="hidden" name="form_type" value="product">
          <input type="hidden" name="id" value="45123456000101" class="product-variant-id">
          ${plans > 0 ? `<fieldset data-selling-plan-group><legend>Payment</legend>${options}</fieldset>` : ''}
          <input class="quantity__input" type="number" name="quantity" value="1">
          <div class="product-form__buttons">
            <button id="ProductSubmitButton-main" type="submit" name="add" class="product-form__submit"
              ${soldOut ? 'disabled' : ''} ${preorder ? 'hidden' : ''}><span>Add to cart</span></button>
            <preorder-button ${preorder ? '' : 'hidden'}>
              <button id="PreorderButton-main" type="submit" name="add" class="product-form__submit product-form__preorder">Pre-order</button>
            </preorder-button>
          </div>
        </form>
      </product-form>
      <p class="product-form__disclaimer">Knitted by hand.</p>
      <div class="back-in-stock" data-back-in-stock ${soldOut ? '' : 'hidden'}>Tell me</div>
    </section>
    <div class="pdp-cta-footer"></div>`;
}

function shownPrice(price: string): string {
  return `<span class="kf-price" data-state="ready"><span class="kf-price__current">${price}</span></span>`;
}

/** The price widget renders another price, as for another variant or currency. */
function renderPrice(price: string | null): void {
  document.querySelector('product-price')!.innerHTML =
    price === null ? '<span class="kf-price" data-state="loading"></span>' : shownPrice(price);
}

const state = () => document.documentElement.getAttribute(BUY_BUTTONS_STATE);
const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
const addToCart = () => text('#ProductSubmitButton-main');
const preorderCopy = () =>
  document.querySelector<HTMLButtonElement>('#product-form-main [data-kf-preorder-copy]');
const footerForm = () => document.querySelector<HTMLFormElement>('.pdp-cta-footer form');

let stop: () => void = () => {};
let errors: ReturnType<typeof vi.spyOn>;
let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState({}, '', '/products/oat-cable-sweater');
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  stop();
  stop = () => {};
  delete window.knitfrontPreorderShown;
  document.body.innerHTML = '';
  window.history.replaceState({}, '', '/');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start(options?: PageOptions) {
  productPage(options);
  stop = startBuyButtons();
}

describe('the buy button enhancer', () => {
  it('runs only where the path contains /products/', () => {
    window.history.replaceState({}, '', '/collections/all');
    start();
    expect(state()).toBeNull();
    expect(addToCart()).toBe('Add to cart');
  });

  it('covers the buy buttons until the five steps are done, then 150 ms more', async () => {
    start();
    expect(state()).toBe('loading');

    // The price is stable 100 ms after start; the other steps were done at once.
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €35');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS - 1);
    expect(state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe('ready');
    expect(warnings).not.toHaveBeenCalled();
  });

  it('takes the price once it has been stable for 100 ms', async () => {
    start({ price: null });
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS);
    renderPrice('€30');
    for (const price of ['€31', '€32', '€33']) {
      await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS - 1);
      renderPrice(price);
    }
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS - 1);
    expect(addToCart()).toBe('Add to cart');
    await vi.advanceTimersByTimeAsync(1);
    expect(addToCart()).toBe('Add to cart for €33');
  });

  it('follows the price as the widget shows it for another variant or currency', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    renderPrice(null);
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €35');
    renderPrice('$41');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for $41');
  });

  it('looks for the price 100 times, every 150 ms, then logs and lets the skeleton go', async () => {
    start({ price: null });
    const givesUpAt = (PRICE_RETRY_LIMIT - 1) * PRICE_RETRY_INTERVAL_MS;

    await vi.advanceTimersByTimeAsync(givesUpAt - 1);
    expect(errors).not.toHaveBeenCalled();
    expect(state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toHaveBeenCalledExactlyOnceWith(MESSAGES.priceElementMissing);
    expect(warnings).toHaveBeenCalledWith(MESSAGES.priceObserverGaveUp);
    expect(MESSAGES.priceObserverGaveUp).toContain(`${PRICE_RETRY_LIMIT} attempts`);

    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
    expect(addToCart()).toBe('Add to cart');
  });

  it('forces the button step after 3000 ms with a warning, and shows a price found later', async () => {
    start({ price: null });
    await vi.advanceTimersByTimeAsync(BUTTON_STEP_TIMEOUT_MS - 1);
    expect(warnings).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warnings).toHaveBeenCalledExactlyOnceWith(MESSAGES.buttonStepForced);
    // The price step still holds the skeleton.
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('loading');

    renderPrice('€35');
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS + PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €35');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
  });

  it('puts the price in the line of the label, inside the element holding it', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const label = document.querySelector('#ProductSubmitButton-main > span')!;
    expect(label.innerHTML).toBe('Add to cart<span data-kf-buy-price=""> for €35</span>');
  });

  it('leaves a sold-out button without a price', async () => {
    start({ soldOut: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS + SKELETON_HIDE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart');
    expect(state()).toBe('ready');
  });

  it('keeps the price on the button when the theme renders the button again', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    document.querySelector('#ProductSubmitButton-main')!.innerHTML = '<span>Add to cart</span>';
    await vi.advanceTimersByTimeAsync(0);
    expect(addToCart()).toBe('Add to cart for €35');
  });
});

describe('pre-order mode', () => {
  it('hides the pre-order button and appends a copy reading Pre Order for {price}', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);

    const original = document.querySelector<HTMLButtonElement>('#PreorderButton-main')!;
    expect(original.hidden).toBe(true);
    expect(original.nextElementSibling).toBe(preorderCopy());
    expect(preorderCopy()!.hidden).toBe(false);
    expect(preorderCopy()!.type).toBe('submit');
    expect(preorderCopy()!.textContent).toBe('Pre Order for €35');
  });

  it('turns on with the pre-order show event after the enhancer started', async () => {
    start({ preorder: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(preorderCopy()).toBeNull();

    document.dispatchEvent(new CustomEvent(EVENTS.preorderShow));
    expect(preorderCopy()!.textContent).toBe('Pre Order for €35');
    expect(document.querySelector<HTMLButtonElement>('#PreorderButton-main')!.hidden).toBe(true);
  });

  it('makes the copy again when the theme renders the pre-order button again', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    document.querySelector('preorder-button')!.innerHTML =
      '<button id="PreorderButton-main" type="submit" class="product-form__preorder">Pre-order</button>';
    await vi.advanceTimersByTimeAsync(0);

    expect(document.querySelectorAll('#product-form-main [data-kf-preorder-copy]')).toHaveLength(1);
    expect(preorderCopy()!.textContent).toBe('Pre Order for €35');
    expect(document.querySelector<HTMLButtonElement>('#PreorderButton-main')!.hidden).toBe(true);
  });
});

describe('the payment options', () => {
  it.each([
    { plans: 1, hidden: true },
    { plans: 2, hidden: false },
  ])('with $plans option(s), hidden: $hidden', ({ plans, hidden }) => {
    start({ preorder: true, plans });
    expect(document.querySelector<HTMLElement>('[data-selling-plan-group]')!.hidden).toBe(hidden);
  });

  it('hides a one-option group again when the theme shows it for another variant', async () => {
    start({ preorder: true, plans: 1 });
    document.querySelector('[data-selling-plan-group]')!.removeAttribute('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(document.querySelector<HTMLElement>('[data-selling-plan-group]')!.hidden).toBe(true);
  });
});

describe('the sticky footer', () => {
  /** What a form would send, as the theme's submit handler reads it. */
  function submitted(form: HTMLFormElement): [string, string][] {
    let sent: [string, string][] = [];
    const capture = (event: Event) => {
      event.preventDefault();
      sent = [...new FormData(event.target as HTMLFormElement)].map(([k, v]) => [k, String(v)]);
    };
    document.addEventListener('submit', capture);
    form.requestSubmit();
    document.removeEventListener('submit', capture);
    return sent;
  }

  it('holds a copy of the product form whose buttons follow the product form', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true, plans: 2 });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);

    const footer = document.querySelector('.pdp-cta-footer')!;
    expect(
      footer.querySelector('product-form.product-form .product-form__error-message'),
    ).not.toBeNull();
    const shown = () =>
      [...footer.querySelectorAll<HTMLButtonElement>('button')]
        .filter((button) => !button.hidden)
        .map((button) => button.textContent?.trim());
    expect(shown()).toEqual(['Pre Order for €35']);
    // No id of the page is there twice.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);

    renderPrice('£30');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(shown()).toEqual(['Pre Order for £30']);
  });

  it('submits what the product form holds at that moment', async () => {
    start({ preorder: true, plans: 2 });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const form = document.querySelector<HTMLFormElement>('#product-form-main')!;
    // As the shopper and the theme's variant picker change them: properties, not attributes.
    form.querySelector<HTMLInputElement>('[name="quantity"]')!.value = '3';
    form.querySelector<HTMLInputElement>('[name="id"]')!.value = '45123456000102';
    form.querySelector<HTMLInputElement>('#SellingPlan-main-1')!.checked = true;

    const fromFooter = submitted(footerForm()!);
    expect(fromFooter).toEqual(submitted(form));
    expect(Object.fromEntries(fromFooter)).toMatchObject({
      id: '45123456000102',
      quantity: '3',
      selling_plan: '701',
    });
    // Submitting again sends each field once.
    expect(submitted(footerForm()!)).toEqual(fromFooter);
  });
});

describe('the completion poll', () => {
  it('reports the steps every 5000 ms in debug mode, until all are done', async () => {
    window.history.replaceState({}, '', '/products/oat-cable-sweater?debug');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    start({ price: null });
    await vi.advanceTimersByTimeAsync(COMPLETION_POLL_MS - 1);
    expect(info).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(info).toHaveBeenCalledExactlyOnceWith(MESSAGES.buyButtonSteps, {
      price: false,
      button: true,
      responsive: true,
      footer: true,
      paymentOptions: true,
    });
    renderPrice('€35');
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS + PRICE_STABLE_DELAY_MS);
    const calls = info.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3 * COMPLETION_POLL_MS);
    expect(info.mock.calls.length).toBe(calls);
  });

  it('does not run outside debug mode', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    start({ price: null });
    await vi.advanceTimersByTimeAsync(3 * COMPLETION_POLL_MS);
    expect(info).not.toHaveBeenCalled();
  });
});

describe('the stylesheet', () => {
  it(`covers the buy buttons with a ${SKELETON_HEIGHT_PX} px skeleton while loading`, () => {
    expect(BUY_BUTTON_STYLES).toContain(
      `[${BUY_BUTTONS_STATE}=loading] .product-form__buttons::after{content:"";position:absolute;top:0;left:0;right:0;height:${SKELETON_HEIGHT_PX}px;`,
    );
  });

  it(`gives the buy buttons and the disclaimer way to the footer up to ${BREAKPOINT_MOBILE_PX} px`, () => {
    expect(BUY_BUTTON_STYLES).toMatch(
      new RegExp(
        `@media \\(max-width:${BREAKPOINT_MOBILE_PX}px\\)\\{\\s*\\[${BUY_BUTTONS_STATE}\\] \\.product-form__buttons:not\\(\\.pdp-cta-footer \\*\\),\\[${BUY_BUTTONS_STATE}\\] \\.product-form__disclaimer\\{display:none\\}`,
      ),
    );
    expect(BUY_BUTTON_STYLES).toContain(
      `@media (min-width:${BREAKPOINT_MOBILE_PX + 1}px){.pdp-cta-footer{display:none}}`,
    );
  });
});

describe('stopping', () => {
  it('leaves nothing running and nothing of its own on the page', async () => {
    start({ price: null });
    stop();
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_LIMIT * PRICE_RETRY_INTERVAL_MS);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(state()).toBeNull();
    expect(footerForm()).toBeNull();
  });
});
