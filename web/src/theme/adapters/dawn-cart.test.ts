import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AjaxCart } from '../../api/cart';
import { EVENTS } from '../../constants';
import { showCartTotals, startCartDrawerTotals } from '../../enhancers/cart-drawer-totals';
import { EUR_RATES } from '../../test/api';
import { setMarket } from '../../test/elements';
import { ORIGIN, server } from '../../test/server';

import { startDawnCart } from './dawn-cart';

/** The texts the app embed writes. */
const TEXTS = `<script type="application/json" id="knitfront-texts">${JSON.stringify({
  approximate: '≈ {amount}',
  chargedAtCheckout: 'Charged at checkout: {amount}',
  dueToday: 'Due today',
  dueLater: 'Due later',
})}</script>`;

/** Dawn's cart page: two lines and the footer's totals (sections main-cart-items, main-cart-footer). */
function line(n: number, variantId: number, total: string): string {
  return `
    <tr class="cart-item" id="CartItem-${n}">
      <td><input data-quantity-variant-id="${variantId}" value="1"></td>
      <td class="cart-item__totals"><div class="cart-item__price-wrapper"><span class="price">${total}</span></div></td>
    </tr>`;
}
const DAWN_CART = `
  <cart-items id="main-cart-items"><table>
    ${line(1, 45123456000601, '€159,00')}
    ${line(2, 45123456000201, '€107,10')}
  </table></cart-items>
  <div id="main-cart-footer"><div class="js-contents">
    <div class="totals"><h2 class="totals__total">Estimated total</h2><p class="totals__total-value">€266,10 EUR</p></div>
  </div></div>`;

/** A pre-order line (20% upfront) and a line 10% off by an automatic discount. */
const CART: AjaxCart = {
  currency: 'EUR',
  items: [
    {
      quantity: 1,
      original_price: 15900,
      final_price: 15900,
      selling_plan_allocation: {
        price: 15900,
        checkout_charge_amount: 3180,
        selling_plan: { checkout_charge: { value_type: 'percentage', value: 20 } },
      },
    },
    { quantity: 1, original_price: 11900, final_price: 10710 },
  ],
  original_total_price: 27800,
  total_price: 26610,
  total_discount: 1190,
  item_count: 2,
} as AjaxCart;

const widgets = () =>
  [...document.querySelectorAll('.cart-item product-price')].map((widget) =>
    Object.fromEntries([...widget.attributes].map(({ name, value }) => [name, value])),
  );
const area = () => document.querySelector<HTMLElement>('#main-cart-footer .js-contents')!;

let stop: () => void = () => {};
beforeEach(() => {
  server.use(http.get(`${ORIGIN}/cart.js`, () => HttpResponse.json(CART)));
});
afterEach(() => {
  stop();
  delete window.Shopify;
  delete window.subscribe;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("Dawn's cart", () => {
  it('dresses the totals as a knitfront totals area, with the texts of the app embed', () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = TEXTS + DAWN_CART;
    stop = startDawnCart(showCartTotals);
    expect(area().hasAttribute('data-cart-totals')).toBe(true);
    expect(area().dataset.approximate).toBe('≈ {amount}');
    expect(area().querySelector('.totals__total-value')?.getAttribute('data-cart-value')).toBe(
      'dueNow',
    );
    expect(area().querySelector('[data-cart-value="dueLater"]')).not.toBeNull();
    expect(area().querySelector<HTMLElement>('[data-cart-charged]')?.dataset.text).toBe(
      'Charged at checkout: {amount}',
    );
    const labels = [...area().querySelectorAll<HTMLElement>('.totals__total [data-cart-when]')];
    expect(labels.map((label) => [label.dataset.cartWhen, label.textContent])).toEqual([
      ['no-preorders', 'Estimated total'],
      ['preorders', 'Due today'],
    ]);
  });

  it("places a price widget on each line's total from the cart, the cart's discount compared", async () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = TEXTS + DAWN_CART;
    stop = startDawnCart(showCartTotals);
    await expect.poll(() => widgets().length).toBe(2);
    expect(widgets()).toEqual([
      {
        price_minor: '15900',
        compared_at_minor: '15900',
        iso_code: 'LT',
        variant_id: '45123456000601',
        type: 'CartItemPrice',
        approximate: '≈ {amount}',
      },
      {
        price_minor: '10710',
        compared_at_minor: '11900',
        iso_code: 'LT',
        variant_id: '45123456000201',
        type: 'CartItemPrice',
        approximate: '≈ {amount}',
      },
    ]);
  });

  describe("a line's other figures", () => {
    /** A drawer line 10% off, with a unit price (snippets/cart-drawer.liquid, snippets/unit-price.liquid). */
    const DRAWER_LINE = `
      <cart-drawer><div id="CartDrawer-CartItems"><table><tr class="cart-item" id="CartDrawer-Item-1">
        <td class="cart-item__details"><a class="cart-item__name">Harbour Rib Sweater</a>
          <div class="cart-item__discounted-prices">
            <s class="cart-item__old-price product-option">€119,00</s>
            <strong class="cart-item__final-price product-option">
              €107,10
            </strong>
          </div>
          <dl><div class="product-option"><dt>Size:</dt><dd>M</dd></div></dl>
        </td>
        <td class="cart-item__totals"><div class="cart-item__price-wrapper">
          <span class="price">€107,10</span>
          <small class="unit-price caption"><span class="price-item price-item--last">€21,42/100g</span></small>
        </div></td>
        <td><input data-quantity-variant-id="45123456000201" value="1"></td>
      </tr></table></div></cart-drawer>`;
    const DISCOUNTED: AjaxCart = {
      ...CART,
      items: [{ ...CART.items[1], variant_id: 45123456000201, unit_price: 2142 } as never],
    };
    /** The figures shown: those of the copies over Dawn's blocks. */
    const figures = () =>
      [
        '.kf-dawn-figures .cart-item__old-price',
        '.kf-dawn-figures .cart-item__final-price',
        '.kf-dawn-figures .price-item',
      ].map((selector) => document.querySelector(selector)?.textContent);
    /** Dawn's own figures, kept unseen under the copies. */
    const dawnFigures = () =>
      [
        '[data-kf-line-figures] > .cart-item__old-price',
        '[data-kf-line-figures] > .cart-item__final-price',
        '[data-kf-line-figures] > .price-item',
      ].map((selector) => document.querySelector(selector)?.textContent?.trim());

    beforeEach(() => {
      server.use(http.get(`${ORIGIN}/cart.js`, () => HttpResponse.json(DISCOUNTED)));
      window.Shopify = { country: 'LT' };
    });

    it('show in the display currency, approximate but for the price it was', async () => {
      setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
      document.body.innerHTML = TEXTS + DRAWER_LINE;
      const stopTotals = startCartDrawerTotals();
      stop = startDawnCart(showCartTotals);
      try {
        await expect.poll(figures).toEqual(['$129', '≈ $116', '≈ $23/100g']);
        expect(dawnFigures()).toEqual(['€119,00', '€107,10', '€21,42/100g']);
        // Dawn renders the drawer again after a change: its figures are written again.
        document.querySelector('#CartDrawer-CartItems')!.innerHTML =
          DRAWER_LINE.match(/<table>[\s\S]*<\/table>/)![0];
        // Before the next task, where the browser would paint: written in the same task.
        await new Promise((resolve) => setTimeout(resolve));
        expect(figures()).toEqual(['$129', '≈ $116', '≈ $23/100g']);
      } finally {
        stopTotals();
      }
    });

    it("keep Dawn's texts in the cart's currency", async () => {
      setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
      document.body.innerHTML = TEXTS + DRAWER_LINE;
      const stopTotals = startCartDrawerTotals();
      stop = startDawnCart(showCartTotals);
      try {
        await expect
          .poll(() => document.querySelector('.cart-item__final-price [data-money-minor]'))
          .not.toBeNull();
        expect(figures()).toEqual(['€119,00', '€107,10', '€21,42/100g']);
      } finally {
        stopTotals();
      }
    });
  });

  it("passes Dawn's cart-update message on as knitfront's cart-updated event", async () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = TEXTS + DAWN_CART;
    const subscribers: ((data: unknown) => void)[] = [];
    window.subscribe = (_event, callback) => {
      subscribers.push(callback as (data: unknown) => void);
      return () => subscribers.splice(subscribers.indexOf(callback as never), 1);
    };
    // Dawn's constants.js declares PUB_SUB_EVENTS as a global of its scripts.
    (globalThis as { PUB_SUB_EVENTS?: unknown }).PUB_SUB_EVENTS = { cartUpdate: 'cart-update' };
    const heard: [unknown, string | undefined][] = [];
    const listener = (event: Event) =>
      heard.push([
        (event as CustomEvent).detail,
        (event as CustomEvent & { cartRequest?: string }).cartRequest,
      ]);
    document.addEventListener(EVENTS.cartUpdated, listener);
    try {
      stop = startDawnCart(showCartTotals);
      subscribers.forEach((callback) => callback({ source: 'cart-items', cartData: CART }));
      subscribers.forEach((callback) => callback({ source: 'product-form', cartData: { id: 1 } }));
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual([
        [CART, '/cart/change.js'],
        [CART, '/cart/add.js'],
      ]);
      stop();
      expect(subscribers).toEqual([]);
    } finally {
      document.removeEventListener(EVENTS.cartUpdated, listener);
      delete (globalThis as { PUB_SUB_EVENTS?: unknown }).PUB_SUB_EVENTS;
    }
  });

  it('dresses the totals Dawn renders again after a change', async () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = TEXTS + DAWN_CART;
    stop = startDawnCart(showCartTotals);
    // Dawn's cart.js: the footer's contents replaced with the section Dawn fetched.
    area().innerHTML =
      '<div class="totals"><h2 class="totals__total">Estimated total</h2><p class="totals__total-value">€107,10 EUR</p></div>';
    await expect
      .poll(() => area().querySelector('.totals__total-value')?.getAttribute('data-cart-value'))
      .toBe('dueNow');
    expect(area().querySelectorAll('[data-cart-charged]')).toHaveLength(1);
  });

  it('does nothing without the texts of the app embed', () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = DAWN_CART;
    stop = startDawnCart(showCartTotals);
    expect(area().hasAttribute('data-cart-totals')).toBe(false);
  });
});
