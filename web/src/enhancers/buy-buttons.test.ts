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
import type { ShownPrice } from '../elements/product-price';
import type { MarketState } from '../market/store';
import { EUR_RATES } from '../test/api';
import { setMarket } from '../test/elements';
import { dawnTheme } from '../theme/adapters/dawn';
import { knitfrontTheme } from '../theme/adapters/knitfront';
import { BUY_BUTTONS_STATE, buyButtonStyles, startBuyButtons } from './buy-buttons';
import { FOOTER_SHOWN } from './cta-footer';

interface PageOptions {
  /** The variant is open for pre-order: Add to cart hidden, the pre-order button shown. */
  preorder?: boolean;
  /** How many selling plans the payment options offer. */
  plans?: number;
  soldOut?: boolean;
  /** The price the price widget shows; null while it shows none yet. */
  price?: string | null;
  /** The price is the theme's own text, in a theme without the price widget. */
  themeText?: boolean;
  /** The product form has its buy buttons (Add to cart and the pre-order button). */
  buttons?: boolean;
  /** The buy buttons include Add to cart. */
  addToCart?: boolean;
  /** The page has the price container (a theme of another family may have none). */
  priceContainer?: boolean;
  /** The page has the sticky footer. */
  footer?: boolean;
  /**
   * The pre-order button carries the market currency, the payment options' charges at checkout
   * and the line that shows them, as theme/snippets/preorder-button.liquid renders it.
   */
  charges?: boolean;
}

/** The product page as theme/sections/main-product.liquid renders it, with the price widget's price. */
function productPage({
  preorder = false,
  plans = 0,
  soldOut = false,
  price = '€35',
  themeText = false,
  buttons = true,
  addToCart = true,
  priceContainer = true,
  footer = true,
  charges = false,
}: PageOptions = {}) {
  const options = Array.from(
    { length: plans },
    (_, i) => `<div class="selling-plan-option">
      <input type="radio" id="SellingPlan-main-${i}" name="selling_plan" value="70${i}"${i === 0 ? ' checked' : ''}>
      <label for="SellingPlan-main-${i}">Plan ${i}</label></div>`,
  ).join('');
  document.body.innerHTML = `
    <section id="MainProduct-main">
      ${
        priceContainer
          ? `<div class="product__price" data-variant-sync="price"><div class="price"><div class="price__container">
        <product-price>${themeText ? (price ?? '') : ''}</product-price>
      </div></div></div>`
          : ''
      }
      <product-form class="product-form">
        <div class="product-form__error-message-wrapper" role="alert" hidden><span class="product-form__error-message"></span></div>
        <form method="post" action="/cart/add" id="product-form-main" data-type="add-to-cart-form" data-section="main">
          <input type="hidden" name="form_type" value="product">
          <input type="hidden" name="id" value="45123456000101" class="product-variant-id">
          ${plans > 0 ? `<fieldset data-selling-plan-group><legend>Payment</legend>${options}</fieldset>` : ''}
          <input class="quantity__input" type="number" name="quantity" value="1">
          <div class="product-form__buttons">${buttons ? buyButtons({ preorder, soldOut, addToCart, charges }) : ''}</div>
        </form>
      </product-form>
      <p class="product-form__disclaimer">Knitted by hand.</p>
      <div class="back-in-stock" data-back-in-stock ${soldOut ? '' : 'hidden'}>Tell me</div>
    </section>
    ${footer ? '<div class="pdp-cta-footer"></div>' : ''}`;
  const widget = document.querySelector('product-price');
  if (widget && !themeText) {
    // What the price widget exposes: its shownPrice, and the event when it changes.
    Object.defineProperty(widget, 'shownPrice', { value: null, writable: true });
    if (price !== null) showPrice(price);
  }
}

/** The payment options' charges at checkout, by plan id, in cents of the market's euros. */
const CHECKOUT_CHARGES = { '700': 1350, '701': 3500 };

function buyButtons({ preorder, soldOut, addToCart, charges }: PageOptions): string {
  const chargeData = charges
    ? `data-currency="EUR" data-approximate="≈ {amount}"
      data-checkout-charges='${JSON.stringify(CHECKOUT_CHARGES)}'`
    : '';
  const chargedLine = charges
    ? `<p data-kf-buy-charged data-text="Charged at checkout: {amount}" style="visibility: hidden" hidden>Charged at checkout: €13,50</p>`
    : '';
  return `${
    addToCart
      ? `<button id="ProductSubmitButton-main" type="submit" name="add" class="product-form__submit"
      ${soldOut ? 'disabled' : ''} ${preorder ? 'hidden' : ''}><span>Add to cart</span></button>`
      : ''
  }
    <preorder-button ${preorder ? '' : 'hidden'} ${chargeData}>
      <button id="PreorderButton-main" type="submit" name="add" class="product-form__submit product-form__preorder">Pre-order</button>
      ${chargedLine}
    </preorder-button>`;
}

/**
 * The page shows another price, as for another variant or currency: the widget tells it with
 * shownPrice and its event (null: it shows a skeleton), a theme without the widget rewrites the
 * price's text.
 */
function showPrice(price: string | null): void {
  const element = document.querySelector('product-price')! as Element & {
    shownPrice?: ShownPrice | null;
  };
  if (!('shownPrice' in element)) {
    element.textContent = price;
    return;
  }
  const shown =
    price === null ? null : { amount: 0, currency: 'EUR', formatted: price, variantId: '1' };
  element.shownPrice = shown;
  if (shown)
    element.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true, detail: shown }));
}

const state = () => document.documentElement.getAttribute(BUY_BUTTONS_STATE);
const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? null;
const addToCart = () => text('#ProductSubmitButton-main');
const preorderCopy = () =>
  document.querySelector<HTMLButtonElement>('#product-form-main [data-kf-preorder-copy]');
const footerCopy = () =>
  document.querySelector<HTMLElement>('.pdp-cta-footer [data-kf-cta-footer]');

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
  stop = startBuyButtons(knitfrontTheme);
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

    // The widget's price is final, so the price step is done at once, like the others.
    await vi.advanceTimersByTimeAsync(0);
    expect(addToCart()).toBe('Add to cart for €35');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS - 1);
    expect(state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe('ready');
    expect(warnings).not.toHaveBeenCalled();
  });

  it('takes the price the widget shows at once, with no wait', async () => {
    start({ price: null });
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS);
    showPrice('€30');
    expect(addToCart()).toBe('Add to cart for €30');
    showPrice('€31');
    expect(addToCart()).toBe('Add to cart for €31');
  });

  it("takes a theme's price text once it has been stable for 100 ms", async () => {
    start({ themeText: true, price: null });
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS);
    showPrice('€30');
    for (const price of ['€31', '€32', '€33']) {
      await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS - 1);
      showPrice(price);
    }
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS - 1);
    expect(addToCart()).toBe('Add to cart');
    await vi.advanceTimersByTimeAsync(1);
    expect(addToCart()).toBe('Add to cart for €33');
  });

  it('follows the price as the widget shows it for another variant or currency', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    showPrice(null);
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €35');
    showPrice('$41');
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

    showPrice('€35');
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

describe('the price', () => {
  it('is read from the widget, not from another price widget of the page', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const drawerPrice = document.createElement('product-price');
    document.body.append(drawerPrice);
    drawerPrice.dispatchEvent(
      new CustomEvent(EVENTS.priceShown, {
        bubbles: true,
        detail: { amount: 900, currency: 'EUR', formatted: '€9', variantId: '2' },
      }),
    );
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €35');
  });

  it("follows the price's text in a theme without the widget", async () => {
    start({ themeText: true, price: null });
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS);
    showPrice('€30');
    await vi.advanceTimersByTimeAsync(PRICE_RETRY_INTERVAL_MS + PRICE_STABLE_DELAY_MS);
    expect(addToCart()).toBe('Add to cart for €30');

    showPrice('£26');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS - 1);
    expect(addToCart()).toBe('Add to cart for €30');
    await vi.advanceTimersByTimeAsync(1);
    expect(addToCart()).toBe('Add to cart for £26');
  });
});

describe('each of the five steps', () => {
  /** The steps as the debug report gives them at the first completion poll, 5000 ms in. */
  async function stepsAtFirstPoll(options: PageOptions) {
    window.history.replaceState({}, '', '/products/oat-cable-sweater?debug');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    start(options);
    await vi.advanceTimersByTimeAsync(COMPLETION_POLL_MS);
    return info.mock.calls.find(([message]) => message === MESSAGES.buyButtonSteps)?.[1];
  }

  it('price: waits for the widget to show its price, while the others are done', async () => {
    expect(await stepsAtFirstPoll({ price: null })).toEqual({
      price: false,
      button: true, // forced after 3000 ms
      responsive: true,
      footer: true,
      paymentOptions: true,
    });
    showPrice('€35');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS - 1);
    expect(state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe('ready');
  });

  it('footer: waits for the buy buttons it copies, while the others are done', async () => {
    expect(await stepsAtFirstPoll({ buttons: false })).toEqual({
      price: true,
      button: true, // forced after 3000 ms
      responsive: true,
      footer: false,
      paymentOptions: true,
    });
    document.querySelector('.product-form__buttons')!.innerHTML = buyButtons({ addToCart: true });
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
    expect(footerCopy()!.querySelector('button')?.textContent).toBe('Add to cart for €35');
  });

  it('button: waits for a buy button to show the price, not for the price alone', async () => {
    start({ addToCart: false });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS + SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('loading');

    // The pre-order button's copy takes the price.
    document.dispatchEvent(new CustomEvent(EVENTS.preorderShow));
    expect(preorderCopy()!.textContent).toBe('Pre Order for €35');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
    expect(warnings).not.toHaveBeenCalled();
  });

  it('button: is forced after 3000 ms when no button takes the price', async () => {
    start({ addToCart: false });
    await vi.advanceTimersByTimeAsync(BUTTON_STEP_TIMEOUT_MS - 1);
    expect(warnings).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warnings).toHaveBeenCalledExactlyOnceWith(MESSAGES.buttonStepForced);
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
  });

  it.each([
    { name: 'payment options: one option, hidden', plans: 1, hidden: true },
    { name: 'payment options: two options, shown', plans: 2, hidden: false },
    { name: 'payment options: none', plans: 0, hidden: null },
  ])('$name; responsive: the narrow-screen rule in force', async ({ plans, hidden }) => {
    const steps = await stepsAtFirstPoll({ preorder: true, plans, price: null });
    expect(steps).toMatchObject({ responsive: true, paymentOptions: true, price: false });
    const group = document.querySelector<HTMLElement>('[data-selling-plan-group]');
    expect(group?.hidden ?? null).toBe(hidden);
    expect(document.getElementById('knitfront-buy-buttons')).toBeInstanceOf(HTMLStyleElement);
  });
});

describe('on a theme without some of the elements (never worse than without knitfront)', () => {
  it.each([
    { name: 'no price container', options: { priceContainer: false }, readyAfter: 0 },
    { name: 'no sticky footer', options: { footer: false }, readyAfter: 0 },
    {
      name: 'neither',
      options: { priceContainer: false, footer: false },
      readyAfter: 0,
    },
  ])(
    '$name: the skeleton goes $readyAfter ms + 150 ms after start, nothing logged',
    async ({ options, readyAfter }) => {
      start(options);
      await vi.advanceTimersByTimeAsync(readyAfter + SKELETON_HIDE_DELAY_MS - 1);
      expect(state()).toBe('loading');
      await vi.advanceTimersByTimeAsync(1);
      expect(state()).toBe('ready');
      await vi.advanceTimersByTimeAsync(PRICE_RETRY_LIMIT * PRICE_RETRY_INTERVAL_MS);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
    },
  );

  it('no price container: Add to cart keeps its own label', async () => {
    start({ priceContainer: false });
    await vi.advanceTimersByTimeAsync(BUTTON_STEP_TIMEOUT_MS);
    expect(addToCart()).toBe('Add to cart');
  });

  it.each([
    { name: 'with the footer holding its copy', footer: true, shown: true },
    { name: 'without a footer', footer: false, shown: false },
  ])('$name, the narrow-screen rule hides the buttons: $shown', async ({ footer, shown }) => {
    start({ footer });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS + SKELETON_HIDE_DELAY_MS);
    expect(document.documentElement.hasAttribute(FOOTER_SHOWN)).toBe(shown);
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

  it('ends with the pre-order hide event: the copy goes, and the pre-order button is back', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const original = document.querySelector<HTMLButtonElement>('#PreorderButton-main')!;

    document.dispatchEvent(new CustomEvent(EVENTS.preorderHide));
    expect(preorderCopy()).toBeNull();
    expect(original.hidden).toBe(false);
    document.dispatchEvent(new CustomEvent(EVENTS.preorderShow));
    expect(preorderCopy()!.textContent).toBe('Pre Order for €35');
    expect(original.hidden).toBe(true);
  });

  it('disables the copy while the theme disables the pre-order button (a sold-out variant)', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const original = document.querySelector<HTMLButtonElement>('#PreorderButton-main')!;

    original.disabled = true;
    await vi.advanceTimersByTimeAsync(0);
    expect(preorderCopy()!.disabled).toBe(true);
    original.disabled = false;
    await vi.advanceTimersByTimeAsync(0);
    expect(preorderCopy()!.disabled).toBe(false);
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
  /** What a click submits: the form, with which button, and the fields it sends, as the theme reads them. */
  function submittedBy(button: HTMLButtonElement) {
    let sent = null as { form: string; button: string | undefined; fields: string[][] } | null;
    const capture = (event: SubmitEvent) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
      sent = { form: form.id, button: event.submitter?.id, fields };
    };
    document.addEventListener('submit', capture);
    button.click();
    document.removeEventListener('submit', capture);
    return sent;
  }
  const shownIn = (holder: Element) =>
    [...holder.querySelectorAll<HTMLButtonElement>('button')].filter((button) => !button.hidden);

  it('holds a copy of the buy buttons and the error area that follows the product form', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true, plans: 2 });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);

    expect(footerCopy()!.querySelector('.product-form__error-message')).not.toBeNull();
    const shown = () => shownIn(footerCopy()!).map((button) => button.textContent?.trim());
    expect(shown()).toEqual(['Pre Order for €35']);
    // No id of the page is there twice.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);

    showPrice('£30');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(shown()).toEqual(['Pre Order for £30']);
  });

  it('submits the product form with the button it copies, with what the form holds then', async () => {
    window.knitfrontPreorderShown = true;
    start({ preorder: true, plans: 2 });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const form = document.querySelector<HTMLFormElement>('#product-form-main')!;
    // As the shopper and the theme's variant picker change them: properties, not attributes.
    form.querySelector<HTMLInputElement>('[name="quantity"]')!.value = '3';
    form.querySelector<HTMLInputElement>('[name="id"]')!.value = '45123456000102';
    form.querySelector<HTMLInputElement>('#SellingPlan-main-1')!.checked = true;

    const fromFooter = submittedBy(shownIn(footerCopy()!)[0]!);
    expect(fromFooter).toEqual(submittedBy(preorderCopy()!));
    expect(fromFooter).toMatchObject({ form: 'product-form-main', button: preorderCopy()!.id });
    expect(Object.fromEntries(fromFooter!.fields)).toMatchObject({
      id: '45123456000102',
      quantity: '3',
      selling_plan: '701',
    });
  });

  it('submits nothing while the button it copies cannot be used', async () => {
    start({ soldOut: true });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    const footerButton = footerCopy()!.querySelector<HTMLButtonElement>('button')!;
    footerButton.disabled = false;
    expect(submittedBy(footerButton)).toBeNull();
  });
});

describe("a pre-order's charge at checkout, in the sticky footer", () => {
  const footerButton = () => text('.pdp-cta-footer button:not([hidden])');
  const footerLine = () => {
    const line = document.querySelector<HTMLElement>('.pdp-cta-footer [data-kf-buy-charged]')!;
    return {
      text: line.textContent,
      takesRoom: !line.hidden,
      visibility: line.style.visibility,
    };
  };
  const cases: {
    name: string;
    market: Partial<MarketState>;
    price: string;
    button: string;
    line: ReturnType<typeof footerLine>;
  }[] = [
    {
      name: 'converted: the price approximate, the first option charged in euros, to the cent',
      market: { displayCurrency: 'USD', rates: { EUR: EUR_RATES } },
      price: '$38',
      button: 'Pre Order for ≈ $38',
      line: { text: 'Charged at checkout: €13.50', takesRoom: true, visibility: 'visible' },
    },
    {
      name: 'the same currency: nothing changes, and the line takes no room',
      market: { displayCurrency: 'EUR', rates: { EUR: EUR_RATES } },
      price: '€35',
      button: 'Pre Order for €35',
      line: { text: 'Charged at checkout: €13,50', takesRoom: false, visibility: 'hidden' },
    },
    {
      name: 'no display currency picked: nothing changes',
      market: { displayCurrency: null, rates: {} },
      price: '€35',
      button: 'Pre Order for €35',
      line: { text: 'Charged at checkout: €13,50', takesRoom: false, visibility: 'hidden' },
    },
    {
      name: 'rates on their way: the room kept for the line, invisible',
      market: { displayCurrency: 'USD', rates: { EUR: 'loading' } },
      price: '€35',
      button: 'Pre Order for €35',
      line: { text: 'Charged at checkout: €13,50', takesRoom: true, visibility: 'hidden' },
    },
    {
      name: 'no rates (failed or stale): the market currency, the room kept, invisible',
      market: { displayCurrency: 'USD', rates: { EUR: null } },
      price: '€35',
      button: 'Pre Order for €35',
      line: { text: 'Charged at checkout: €13,50', takesRoom: true, visibility: 'hidden' },
    },
  ];
  for (const { name, market, price, button, line } of cases) {
    it(`shows ${name}`, async () => {
      setMarket({ marketCurrency: 'EUR', ...market });
      window.knitfrontPreorderShown = true;
      start({ preorder: true, plans: 2, charges: true, price });
      await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);

      expect(footerButton()).toBe(button);
      expect(footerLine()).toEqual(line);
    });
  }

  it('follows the payment option picked and the display currency', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    window.knitfrontPreorderShown = true;
    start({ preorder: true, plans: 2, charges: true, price: '$38' });
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);

    const second = document.querySelector<HTMLInputElement>('#SellingPlan-main-1')!;
    second.checked = true;
    second.dispatchEvent(new Event('change', { bubbles: true }));
    expect(footerLine().text).toBe('Charged at checkout: €35.00');

    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
    showPrice('€35');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(footerButton()).toBe('Pre Order for €35');
    expect(footerLine()).toMatchObject({ takesRoom: false, visibility: 'hidden' });
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
    showPrice('€35');
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
    expect(buyButtonStyles(knitfrontTheme)).toContain(
      `[${BUY_BUTTONS_STATE}=loading] .product-form__buttons::after{content:"";position:absolute;top:0;left:0;right:0;height:${SKELETON_HEIGHT_PX}px;`,
    );
  });

  it(`gives the buy buttons and the disclaimer way to the footer's copy up to ${BREAKPOINT_MOBILE_PX} px`, () => {
    expect(buyButtonStyles(knitfrontTheme)).toMatch(
      new RegExp(
        `@media \\(max-width:${BREAKPOINT_MOBILE_PX}px\\)\\{\\s*\\[${BUY_BUTTONS_STATE}\\]\\[${FOOTER_SHOWN}\\] \\.product-form__buttons:not\\(\\.pdp-cta-footer \\*\\),\\[${BUY_BUTTONS_STATE}\\]\\[${FOOTER_SHOWN}\\] \\.product-form__disclaimer\\{display:none\\}`,
      ),
    );
    expect(buyButtonStyles(knitfrontTheme)).toContain(
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
    expect(document.documentElement.hasAttribute(FOOTER_SHOWN)).toBe(false);
    expect(footerCopy()).toBeNull();
  });
});

describe("on Dawn's product page", () => {
  /** Dawn's price wrapper as its price snippet fills it: the regular price, or the sale price. */
  function dawnPrice(price: string, compareAt?: string): string {
    return `<div class="price price--large${compareAt ? ' price--on-sale' : ''} price--show-badge">
      <div class="price__container">
        <div class="price__regular"><span class="price-item price-item--regular">${compareAt ?? price}</span></div>
        <div class="price__sale">
          <span><s class="price-item price-item--regular">${compareAt ?? price}</s></span>
          <span class="price-item price-item--sale price-item--last">${price}</span>
        </div>
      </div></div>`;
  }

  /** The product section as Dawn renders it: no sticky footer, no pre-order button. */
  function dawnPage() {
    document.body.innerHTML = `
      <product-info id="MainProduct-template--1__main" data-section="template--1__main">
        <div id="price-template--1__main" role="status">${dawnPrice('€35,00')}</div>
        <product-form class="product-form" data-section-id="template--1__main">
          <div class="product-form__error-message-wrapper" role="alert" hidden></div>
          <form method="post" action="/cart/add" id="product-form-template--1__main" class="form" data-type="add-to-cart-form">
            <input type="hidden" name="id" value="45123456000101" class="product-variant-id">
            <div class="product-form__buttons">
              <button id="ProductSubmitButton-template--1__main" type="submit" name="add" class="product-form__submit button">
                <span>Add to cart</span>
                <div class="loading__spinner hidden"></div>
              </button>
            </div>
          </form>
        </product-form>
      </product-info>`;
    stop = startBuyButtons(dawnTheme);
  }

  /** Dawn's product-info after a variant change: the wrapper's HTML and the button's label swapped. */
  function dawnVariant(html: string, label: string, disabled = false) {
    document.getElementById('price-template--1__main')!.innerHTML = html;
    const button = document.querySelector<HTMLButtonElement>(
      '#ProductSubmitButton-template--1__main',
    )!;
    button.disabled = disabled;
    button.querySelector('span')!.textContent = label;
  }

  const dawnButton = () => text('#ProductSubmitButton-template--1__main');

  it('shows the price on Add to cart, and the skeleton goes 100 + 150 ms after start', async () => {
    dawnPage();
    expect(state()).toBe('loading');
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(dawnButton()).toBe('Add to cart for €35,00');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);
    expect(state()).toBe('ready');
    expect(document.documentElement.hasAttribute(FOOTER_SHOWN)).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it.each([
    {
      name: 'a sale price',
      html: dawnPrice('€30,00', '€35,00'),
      label: 'Add to cart',
      want: 'Add to cart for €30,00',
    },
    {
      name: 'another currency',
      html: dawnPrice('£26.00'),
      label: 'Add to cart',
      want: 'Add to cart for £26.00',
    },
    {
      name: 'a sold-out variant',
      html: dawnPrice('€35,00'),
      label: 'Sold out',
      disabled: true,
      want: 'Sold out',
    },
  ])('follows the variant Dawn renders again: $name', async ({ html, label, disabled, want }) => {
    dawnPage();
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    dawnVariant(html, label, disabled);
    await vi.advanceTimersByTimeAsync(PRICE_STABLE_DELAY_MS);
    expect(dawnButton()).toBe(want);
  });
});
