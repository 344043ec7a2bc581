import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS, SKELETON_HIDE_DELAY_MS } from '../constants';
import type { ShownPrice } from '../elements/product-price';
import { knitfrontTheme } from '../theme/adapters/knitfront';
import { BUY_BUTTONS_STATE, startBuyButtons } from './buy-buttons';
import { printedBuyButtonsSnippet } from './buy-buttons-printed';
import { FOOTER_SHOWN } from './cta-footer';

interface PrintedPage {
  /** The price the theme printed from the metafields, or none (a variant without them). */
  printed?: boolean;
  /** Marks the head script leaves on <html>: the display currency shown, or converting. */
  display?: string;
  converting?: boolean;
  /** The head script found the printed discount ended. */
  ended?: boolean;
  soldOut?: boolean;
  preorder?: boolean;
}

/**
 * The knitfront theme's product section as main-product.liquid renders it, the price printed in
 * euros and converted to dollars, then the sticky footer.
 */
function productPage({
  printed = true,
  display,
  converting = false,
  ended = false,
  soldOut = false,
  preorder = false,
}: PrintedPage = {}) {
  const root = document.documentElement;
  if (display) root.setAttribute('data-kf-display', display);
  if (converting) root.setAttribute('data-kf-converting', '');
  document.body.innerHTML = `
    <section id="MainProduct-main">
      <div id="price-main" class="product__price"><div class="price"><div class="price__container">
        <product-price iso_code="LT" ${printed ? 'data-final-minor="13900"' : ''} ${ended ? 'data-kf-ended' : ''}>
          <span class="product-price__figure" data-kf-currency="EUR" data-kf-money="€139" data-kf-market>
            <span class="product-price__amount">€139</span></span>
          <span class="product-price__figure" data-kf-currency="USD" data-kf-money="$150">
            <span class="product-price__amount">≈ $150</span></span>
        </product-price>
      </div></div></div>
      <product-form class="product-form" data-section-id="main">
        <div class="product-form__error-message-wrapper" role="alert" hidden><span class="product-form__error-message"></span></div>
        <form method="post" action="/cart/add" id="product-form-main" class="form" data-type="add-to-cart-form" data-section="main">
          <input type="hidden" name="form_type" value="product">
          <input type="hidden" name="id" value="45123456000101" class="product-variant-id">
          <input class="quantity__input" type="number" name="quantity" value="1">
          <div class="product-form__buttons">
            <button id="ProductSubmitButton-main" type="submit" name="add" class="product-form__submit"
              data-variant-sync="submit" ${soldOut ? 'disabled' : ''} ${preorder ? 'hidden' : ''}><span>${soldOut ? 'Sold out' : 'Add to cart'}</span></button>
            <preorder-button ${preorder ? '' : 'hidden'}>
              <button id="PreorderButton-main" type="submit" name="add" class="product-form__submit product-form__preorder">Pre-order</button>
            </preorder-button>
          </div>
        </form>
      </product-form>
    </section>
    <div class="pdp-cta-footer" id="PdpCtaFooter-main"></div>`;
}

/** Runs the snippet's style and script as the browser does, right after the sticky footer. */
function runSnippet() {
  const snippet = printedBuyButtonsSnippet();
  const style = /<style id="([^"]+)">([\s\S]*?)<\/style>/.exec(snippet);
  const script = /<script>([\s\S]*)<\/script>/.exec(snippet)?.[1];
  if (!style || !script) throw new Error('the snippet has no style or no script');
  const element = document.createElement('style');
  element.id = style[1]!;
  element.textContent = style[2]!;
  document.head.append(element);
  new Function(script)();
}

/** What the price widget exposes once it shows its price: shownPrice and the event. */
function widgetShows(formatted: string) {
  const widget = document.querySelector('product-price')! as Element & {
    shownPrice?: ShownPrice | null;
  };
  const shown = { amount: 13900, currency: 'EUR', formatted, variantId: '45123456000101' };
  Object.defineProperty(widget, 'shownPrice', { value: shown, writable: true });
  widget.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true, detail: shown }));
}

const state = () => document.documentElement.getAttribute(BUY_BUTTONS_STATE);
const squeeze = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim() ?? null;
const addToCart = () => squeeze(document.querySelector('#ProductSubmitButton-main')?.textContent);
const footerButtons = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.pdp-cta-footer button')]
    .filter((button) => !button.hidden)
    .map((button) => ({
      id: button.id,
      text: squeeze(button.textContent),
      disabled: button.disabled,
    }));
/** What a click on the footer's shown button submits: the form, with which button, and its fields. */
function footerSubmits() {
  let sent = null as { form: string; button: string | undefined; fields: object } | null;
  const capture = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    sent = {
      form: form.id,
      button: event.submitter?.id,
      fields: Object.fromEntries(new FormData(form)),
    };
  };
  document.addEventListener('submit', capture);
  document.querySelector<HTMLButtonElement>('.pdp-cta-footer button:not([hidden])')!.click();
  document.removeEventListener('submit', capture);
  return sent;
}

let stop: () => void = () => {};
beforeEach(() => {
  window.history.replaceState({}, '', '/products/oat-cable-sweater');
});
afterEach(() => {
  stop();
  stop = () => {};
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const name of [...document.documentElement.getAttributeNames()]) {
    document.documentElement.removeAttribute(name);
  }
  window.history.replaceState({}, '', '/');
});

describe('the snippet that prints the buy buttons before the first paint', () => {
  it('is the theme snippet, written from the enhancer (vitest -u writes it again)', async () => {
    await expect(printedBuyButtonsSnippet()).toMatchFileSnapshot(
      '../../../theme/snippets/knitfront-buy-buttons-printed.liquid',
    );
  });

  it.each([
    { case: "the market's currency", page: {}, text: 'Add to cart for €139' },
    { case: 'the display currency shown', page: { display: 'USD' }, text: 'Add to cart for $150' },
  ])('puts the printed price on Add to cart and in the footer, in $case', ({ page, text }) => {
    productPage(page);
    runSnippet();

    expect(addToCart()).toBe(text);
    expect(footerButtons()).toEqual([
      { id: 'ProductSubmitButton-main-CtaFooter', text, disabled: false },
    ]);
    expect(footerSubmits()).toEqual({
      form: 'product-form-main',
      button: 'ProductSubmitButton-main',
      fields: { form_type: 'product', id: '45123456000101', quantity: '1' },
    });
    expect(state()).toBe('ready');
    expect(document.documentElement.hasAttribute(FOOTER_SHOWN)).toBe(true);
  });

  it('copies a sold-out Add to cart into the footer as it is, without a price', () => {
    productPage({ soldOut: true });
    runSnippet();

    expect(addToCart()).toBe('Sold out');
    expect(footerButtons()).toEqual([
      { id: 'ProductSubmitButton-main-CtaFooter', text: 'Sold out', disabled: true },
    ]);
    expect(state()).toBe('ready');
  });

  it.each([
    { case: 'no price printed from the metafields', page: { printed: false } },
    { case: 'a shopper of another market', page: { converting: true } },
    { case: 'a printed discount that has ended', page: { ended: true } },
    { case: 'a pre-order', page: { preorder: true } },
  ])('leaves the buttons to the enhancer for $case', ({ page }) => {
    productPage(page);
    runSnippet();

    expect(addToCart()).toBe('Add to cart');
    expect(document.querySelector('.pdp-cta-footer')!.childElementCount).toBe(0);
    expect(state()).toBeNull();
  });
});

describe('the enhancer on buy buttons the theme printed', () => {
  it('shows no skeleton, and leaves what shows as it is when the widget agrees', async () => {
    vi.useFakeTimers();
    productPage();
    runSnippet();
    const printed = { button: addToCart(), footer: footerButtons() };
    const states: (string | null)[] = [];
    new MutationObserver(() => states.push(state())).observe(document.documentElement, {
      attributeFilter: [BUY_BUTTONS_STATE],
    });

    stop = startBuyButtons(knitfrontTheme);
    widgetShows('€139');
    await vi.advanceTimersByTimeAsync(SKELETON_HIDE_DELAY_MS);

    expect({ button: addToCart(), footer: footerButtons() }).toEqual(printed);
    expect(states).not.toContain('loading');
    expect(state()).toBe('ready');
  });

  it('corrects the price when the widget shows another, still without a skeleton', async () => {
    vi.useFakeTimers();
    productPage();
    runSnippet();

    stop = startBuyButtons(knitfrontTheme);
    widgetShows('€120');
    await vi.advanceTimersByTimeAsync(0);

    expect(addToCart()).toBe('Add to cart for €120');
    expect(footerButtons().map((button) => button.text)).toEqual(['Add to cart for €120']);
    expect(state()).toBe('ready');
  });

  it('covers the buttons with its skeleton when the theme printed nothing', () => {
    productPage({ converting: true });
    runSnippet();

    stop = startBuyButtons(knitfrontTheme);

    expect(state()).toBe('loading');
  });
});
