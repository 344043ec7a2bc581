// The cart in a browser: the drawer footer's totals against /cart.js after every change, whoever
// makes it (the theme's forms and quantity buttons, CartJS, the recommendation card, the
// recalculation nudge), in two markets and a converted display currency, with discounted and
// pre-order lines (percentage and fixed-amount deposits); the cart note; the recommendation card;
// the nudge's single round; the iOS Safari sweep.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  VISIBLE_ADD_TO_CART,
  VISIBLE_PREORDER,
  WIDTHS,
  openInCountry,
  openShop,
} from './harness.mjs';

const BEANIE_OAT = 45123456003501; // 15% automatic discount in LT: €35 → €29.75
const MITTENS_NAVY_S = 45123456003101; // pre-order, fixed deposit (€10, £9)
const MITTENS_DEPOSIT = 4123456311;

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/**
 * What the footer must show for a cart, worked out here from /cart.js by the pre-order rules,
 * apart from the widget's code: a pre-order line counts with its upfront charge (the amount
 * the cart gives, else price × value / 100 for a percentage plan or the value for a fixed one,
 * capped at the final price), when that charge is above 0 and below the final price; the rest of
 * its final price is due later. Amounts show in whole units of the display currency, marked
 * approximate ('≈ $149') when converted.
 */
function expectedFooter(cart, displayCurrency, rates) {
  let dueNow = 0;
  let dueLater = 0;
  for (const item of cart.items) {
    const allocation = item.selling_plan_allocation;
    let charge = 0;
    if (allocation) {
      const { value_type: type, value } = allocation.selling_plan.checkout_charge;
      charge =
        allocation.checkout_charge_amount ??
        (type === 'percentage' ? Math.round((allocation.price * value) / 100) : value);
      charge = Math.min(charge, item.final_price);
    }
    if (charge > 0 && item.final_price > charge) {
      dueNow += charge * item.quantity;
      dueLater += (item.final_price - charge) * item.quantity;
    } else {
      dueNow += item.final_price * item.quantity;
    }
  }
  const converting = displayCurrency !== cart.currency;
  const money = (cents) =>
    new Intl.NumberFormat('en', {
      style: 'currency',
      currency: displayCurrency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }).format(converting ? Math.round((cents / 100) * rates[displayCurrency]) : cents / 100);
  const shown = (text) => (converting ? `≈ ${text}` : text);
  const discounted = cart.total_discount > 0;
  return {
    originalTotal: discounted ? shown(money(cart.original_total_price)) : null,
    discounts: discounted ? shown(`−${money(cart.total_discount)}`) : null,
    totalLabel: dueLater > 0 ? 'Due today' : 'Estimated total',
    dueNow: shown(money(dueNow)),
    dueLater: dueLater > 0 ? shown(money(dueLater)) : null,
    count: `${cart.item_count} ${cart.item_count === 1 ? 'item' : 'items'}`,
  };
}

/** What the drawer footer shows: each figure, null when its row is hidden. */
function shownFooter(page) {
  return page.evaluate(() => {
    const area = document.querySelector('cart-drawer .drawer__footer .totals');
    if (!area) return null;
    const value = (name) => {
      const slot = area.querySelector(`[data-cart-value="${name}"]`);
      return slot && slot.closest('[hidden]') === null ? slot.textContent.trim() : null;
    };
    const label = [...area.querySelectorAll('.totals__total [data-cart-when]')].find(
      (part) => !part.hidden,
    );
    return {
      originalTotal: value('originalTotal'),
      discounts: value('discounts'),
      totalLabel: label?.textContent.trim(),
      dueNow: value('dueNow'),
      dueLater: value('dueLater'),
      count: area.querySelector('[data-cart-count]').textContent.trim(),
    };
  });
}

/** Waits until the drawer footer shows what /cart.js says; returns the cart. */
async function footerMatchesCart(page, { displayCurrency, rates } = {}) {
  const deadline = Date.now() + 5000;
  let cart;
  let shown;
  let expected;
  while (Date.now() < deadline) {
    cart = await page.evaluate(async () => (await fetch('/cart.js')).json());
    expected = expectedFooter(cart, displayCurrency ?? cart.currency, rates);
    shown = await shownFooter(page);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return cart;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(shown, expected, 'the footer does not show what /cart.js says');
  return cart;
}

/**
 * Goes to another page once the one shown has no request on its way: leaving earlier would cut
 * its requests short, which the harness counts as failures.
 */
async function leaveFor(page, path) {
  await page.waitForLoadState('networkidle');
  await page.goto(shop.url(path));
}

/** Adds through a product page's form, as a shopper does; the drawer opens. */
async function addFromProductPage(page, handle, button = VISIBLE_ADD_TO_CART) {
  await leaveFor(page, `/products/${handle}`);
  await page.click(button);
  await page.waitForSelector('cart-drawer.active .drawer__footer .totals');
}

/** Records the knitfront:cart-fix-applied events and the cart calls the page makes. */
async function watchCart(page) {
  await page.addInitScript(() => {
    window.cartFixes = 0;
    document.addEventListener('knitfront:cart-fix-applied', () => window.cartFixes++);
  });
  const calls = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/cart/')) calls.push(path);
  });
  return calls;
}

describe('the cart drawer footer', () => {
  test('agrees with /cart.js after every change, in LT', async () => {
    const page = await shop.newPage({ width: 1280 });
    await watchCart(page);

    // The theme's product form: a discounted line.
    await addFromProductPage(page, 'pebble-beanie');
    await footerMatchesCart(page);

    // The theme's pre-order button: a 30% deposit, which the cart gives as an amount.
    await addFromProductPage(page, 'frost-fair-isle-hat', VISIBLE_PREORDER);
    await footerMatchesCart(page);

    // CartJS: a fixed deposit, which the cart gives only as the plan's value.
    await page.evaluate(
      async ([id, plan]) =>
        (await window.knitfrontCartLibrary()).addItem(id, 1, { selling_plan: plan }),
      [MITTENS_NAVY_S, MITTENS_DEPOSIT],
    );
    const cart = await footerMatchesCart(page);
    const mittens = cart.items.find((item) => item.variant_id === MITTENS_NAVY_S);
    assert.equal(mittens.selling_plan_allocation.checkout_charge_amount, undefined);
    // Due now: the beanie's €29.75, the hat's 30% deposit of €13.50 and the mittens' €10; due
    // later: the rest of the hat's €38.25 and of the mittens' €38.25.
    assert.deepEqual(await shownFooter(page), {
      originalTotal: '€125',
      discounts: '−€19',
      totalLabel: 'Due today',
      dueNow: '€53',
      dueLater: '€53',
      count: '3 items',
    });
    await shop.screenshot(page, 'cart-drawer-totals', { fullPage: false });

    // The theme's quantity buttons in the drawer.
    await page.click('#CartDrawer-CartItems .cart-item:has-text("Frost Fair Isle Hat") [name="plus"]');
    await footerMatchesCart(page);

    // CartJS removes the pre-orders: the rows of what is due later go.
    for (let i = 0; i < 2; i++) {
      const line = await page.evaluate(
        () => window.CartJS.cart.items.findIndex((item) => item.selling_plan_allocation) + 1,
      );
      await page.evaluate((l) => window.CartJS.removeItem(l), line);
      await page.waitForFunction((count) => window.CartJS.cart.items.length === count, 2 - i);
    }
    assert.deepEqual(await footerMatchesCart(page).then(() => shownFooter(page)), {
      originalTotal: '€35',
      discounts: '−€5',
      totalLabel: 'Estimated total',
      dueNow: '€30',
      dueLater: null,
      count: '1 item',
    });
    await page.close();
  });

  // Each market's cart, shown in its own currency and then in another one, so that every currency
  // is a cart's and a display's.
  const MARKETS = [
    { country: 'GB', currency: 'GBP', display: 'USD', symbol: '$' },
    { country: 'AU', currency: 'AUD', display: 'EUR', symbol: '€' },
    { country: 'US', currency: 'USD', display: 'AUD', symbol: '$' },
  ];
  for (const { country, currency, display, symbol } of MARKETS) {
    test(`agrees with /cart.js in ${country}, and shown in ${display}`, async () => {
      const page = await shop.newPage({ width: 390 });
      await openInCountry(page, shop, country);
      await addFromProductPage(page, 'snowflake-mittens', VISIBLE_PREORDER);
      await addFromProductPage(page, 'fireside-turtleneck');
      const cart = await footerMatchesCart(page);
      assert.equal(cart.currency, currency);
      assert.notEqual((await shownFooter(page)).dueLater, null, 'the deposit leaves a balance');

      // The footer converts with the rates of the cart's currency.
      const rates = await page.evaluate(
        async (base) => (await fetch(`/api/currency-rates/${base}`)).json(),
        currency,
      );
      await page.evaluate((chosen) => localStorage.setItem('displayCurrency', chosen), display);
      await page.waitForLoadState('networkidle');
      await page.reload();
      await page.click('#cart-icon-bubble');
      await page.waitForSelector('cart-drawer.active');
      await footerMatchesCart(page, { displayCurrency: display, rates });
      assert.ok((await shownFooter(page)).dueNow.startsWith(`≈ ${symbol}`));
      await shop.screenshot(page, `cart-drawer-${country}-${display}`, { fullPage: false });
      await page.close();
    });
  }
});

describe('the recalculation nudge', () => {
  test('sets the first line again once after an addition, raises cart fix applied, and stops', async () => {
    const page = await shop.newPage({ width: 1280 });
    const calls = await watchCart(page);
    // Its code comes with the shopper's press, here after the addition has completed, as on a
    // slow network: the addition is nudged all the same.
    await page.route('**/assets/knitfront-cart-consistency-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(shop.url('/products/pebble-beanie'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(1100); // it starts 1 s after load

    await page.click(VISIBLE_ADD_TO_CART);
    await page.waitForFunction(() => window.cartFixes === 1);
    await page.waitForTimeout(1000);

    assert.deepEqual(calls, ['/cart/add.js', '/cart/change.js']);
    assert.equal(await page.evaluate(() => window.cartFixes), 1);
    await footerMatchesCart(page);
    await page.close();
  });
});

describe('the cart note', () => {
  test('typed in the drawer, is in /cart.js after a reload', async () => {
    const page = await shop.newPage({ width: 390 });
    await addFromProductPage(page, 'pebble-beanie');
    assert.equal(
      await page.getAttribute('#CartDrawer-Note', 'placeholder'),
      'Leave a note about your order',
    );
    await page.fill('#CartDrawer-Note', '');
    await page.type('#CartDrawer-Note', 'Gift wrap, please', { delay: 20 });
    await page.waitForResponse((response) => response.url().endsWith('/cart/update.js'));

    await page.waitForLoadState('networkidle');
    await page.reload();
    const cart = await page.evaluate(async () => (await fetch('/cart.js')).json());
    assert.equal(cart.note, 'Gift wrap, please');
    assert.equal(await page.inputValue('#CartDrawer-Note'), 'Gift wrap, please');
    await page.close();
  });
});

describe('the recommendation card', () => {
  for (const width of WIDTHS) {
    test(`adds its product to the cart, at ${width} px`, async () => {
      const page = await shop.newPage({ width });
      await addFromProductPage(page, 'pebble-beanie');
      const card = 'cart-drawer cart-recommendation-card';
      await page.waitForSelector(`${card} .kf-reco`);
      await page.locator(card).scrollIntoViewIfNeeded();
      await shop.screenshot(page, 'cart-recommendation-card', { fullPage: false });

      const box = await page.locator(`${card} .kf-reco`).boundingBox();
      assert.ok(box.width <= 400, `the card is ${box.width} px wide`);
      const image = await page.locator(`${card} img`).boundingBox();
      assert.ok(Math.abs(image.width / image.height - 4 / 5) < 0.02, 'the image is not 4/5');

      // The next arrow shows another product; Add to cart adds that one.
      const first = await page.getAttribute(card, 'id');
      await page.click(`${card} button[aria-label="Next recommendation"]`);
      await page.waitForFunction(
        ([selector, id]) => document.querySelector(selector).getAttribute('id') !== id,
        [card, first],
      );
      const chosen = Number(await page.getAttribute(card, 'id'));
      await page.click(`${card} button:has-text("Add to cart")`);
      await page.waitForFunction(
        (id) => window.CartJS?.cart?.items?.some((item) => item.variant_id === id),
        chosen,
      );
      await page.waitForFunction(
        () => document.querySelectorAll('#CartDrawer-CartItems .cart-item').length === 2,
      );
      await footerMatchesCart(page);
      await page.close();
    });
  }
});

describe('the iOS Safari sweep', () => {
  test('clears storage and cookies once, and reloads once', async () => {
    const page = await shop.newPage({ width: 390 });
    await page.goto(shop.url('/'));
    await page.evaluate(() => {
      localStorage.setItem('displayCurrency', 'GBP');
      localStorage.setItem('storage_cleared_at', '2024-01-01');
      sessionStorage.setItem('something', 'old');
      document.cookie = 'stale=1; path=/';
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      platform: 'iPhone',
    });
    // Each load of the page asks for its document.
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest()) loads++;
    });

    await page.goto(shop.url('/collections/all'));
    await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
    await page.waitForTimeout(1000);

    assert.equal(loads, 2, 'the sweep reloads the page once');
    const state = await page.evaluate(() => ({
      version: localStorage.getItem('storage_cleared_at'),
      stale: document.cookie.includes('stale='),
      session: sessionStorage.getItem('something'),
    }));
    assert.deepEqual(state, { version: '2025-05-23-v2', stale: false, session: null });

    await page.reload();
    await page.waitForTimeout(500);
    assert.equal(loads, 3, 'a swept page does not reload again');
    await cdp.detach();
    // The reload cuts short what the first load had started.
    await page.close({ allow: [/ERR_ABORTED/] });
  });
});
