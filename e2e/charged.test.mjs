// Honest money: when the display currency is not the market's, the one checkout charges, the cart
// page and the drawer footer show beside the converted total (marked approximate) the amount
// checkout charges, in the market currency and exact to the cent, and it is what /cart.js says;
// the line appears without moving anything; stale rates show prices in the market currency, and
// the currency switcher says why.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chooseCurrency, openInCountry, openShop, WIDTHS } from './harness.mjs';

const BEANIE_OAT = 45123456003501; // 15% automatic discount in LT: €35 → €29.75, to the cent

const MARKETS = [
  { country: 'LT', currency: 'EUR', symbol: '€' },
  { country: 'AU', currency: 'AUD', symbol: 'A$' },
  { country: 'GB', currency: 'GBP', symbol: '£' },
  { country: 'US', currency: 'USD', symbol: '$' },
];
const DISPLAY_CURRENCIES = ['EUR', 'AUD', 'GBP', 'USD'];
const RATES_SESSION_KEY_PREFIX = 'knitfront:rates:';

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/**
 * A new shopper in a market with one beanie in the cart, showing prices in a currency from the
 * start of the next page; returns the page and the cart as /cart.js gives it.
 */
async function shopperWithCart({ country, width, display }) {
  const page = await shop.newPage({ width });
  await openInCountry(page, shop, country);
  const cart = await addBeanie(page);
  await page.evaluate((chosen) => localStorage.setItem('displayCurrency', chosen), display);
  return { page, cart };
}

/**
 * Adds a beanie to the cart with the page's cookies, beside the page rather than from it (so
 * that nothing the page does on its own start can cut the request short); returns /cart.js.
 */
async function addBeanie(page) {
  const added = await page.request.post(shop.url('/cart/add.js'), {
    data: { id: BEANIE_OAT, quantity: 1 },
  });
  assert.equal(added.status(), 200, `cart/add.js answered ${added.status()}`);
  return (await page.request.get(shop.url('/cart.js'))).json();
}

/**
 * Opens a page and waits until the market's rates have answered and been taken in (the market
 * store keeps them in sessionStorage as it does) and no figure waits for them any more. The
 * bundle is a module script, so it has run when goto returns. The page shown is left once it has
 * no request on its way: leaving earlier would cut its requests short, which the harness counts
 * as failures.
 */
async function openWithRates(page, path, marketCurrency) {
  await page.waitForLoadState('networkidle');
  await page.goto(shop.url(path));
  await page.waitForFunction(
    (key) =>
      sessionStorage.getItem(key) !== null &&
      document.querySelector('.totals .kf-skeleton') === null,
    RATES_SESSION_KEY_PREFIX + marketCurrency,
  );
}

/** What each totals area on the page shows: its total and its charged line, if visible. */
function shownTotals(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.totals')].map((area) => {
      const charged = area.querySelector('[data-cart-charged]');
      return {
        where: area.closest('cart-drawer') ? 'drawer' : 'cart page',
        total: area.querySelector('[data-cart-value="dueNow"]').textContent.trim(),
        charged:
          charged && getComputedStyle(charged).visibility === 'visible'
            ? charged.textContent.trim()
            : null,
      };
    }),
  );
}

/** The height of each totals area's charged line: 0 when it takes no room. */
function chargedLineHeights(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.totals [data-cart-charged]')].map(
      (line) => line.getBoundingClientRect().height,
    ),
  );
}

/**
 * Installed before the page's own scripts: records each layout shift that moved a footer (the
 * cart page's totals and checkout button, or the product page's sticky footer, with their lines
 * charged at checkout) or anything in it, with the elements it moved. Shifts elsewhere (the price
 * widgets) are other tests' business.
 */
function recordFooterShifts(footer) {
  window.kfFooterShifts = [];
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) {
      if (shift.hadRecentInput) continue;
      const moved = shift.sources
        .map((source) => source.node)
        .filter((node) => node instanceof Element && node.closest(footer))
        .map((node) => node.outerHTML.slice(0, 80).replace(/\s+/g, ' '));
      if (moved.length > 0) window.kfFooterShifts.push({ value: shift.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The amount of a charged line, in minor units: '€29.75' is 2975. */
function minorUnitsOf(text) {
  const amount = /([\d,]+)\.(\d\d)$/.exec(text);
  assert.ok(amount, `no amount to the cent in ${JSON.stringify(text)}`);
  return Number(amount[1].replaceAll(',', '') + amount[2]);
}

describe('the amount charged at checkout', () => {
  for (const width of WIDTHS) {
    for (const market of MARKETS) {
      test(`is what /cart.js says in ${market.country}, in each display currency, at ${width} px`, async () => {
        const { page, cart } = await shopperWithCart({
          country: market.country,
          width,
          display: market.currency,
        });
        assert.equal(cart.currency, market.currency);
        for (const display of DISPLAY_CURRENCIES) {
          await page.evaluate((chosen) => localStorage.setItem('displayCurrency', chosen), display);
          await openWithRates(page, '/cart', market.currency);
          const heights = await chargedLineHeights(page);
          assert.ok(
            heights.every((height) => (display === market.currency ? height === 0 : height > 0)),
            `${market.country}/${display}: the charged lines' heights ${heights}`,
          );
          const areas = await shownTotals(page);
          assert.ok(
            areas.some(({ where }) => where === 'cart page'),
            'the cart page has its totals',
          );
          for (const { where, total, charged } of areas) {
            const pair = `${market.country}/${display}, ${where}`;
            if (display === market.currency) {
              assert.equal(charged, null, `${pair}: no charged line in the market currency`);
              assert.ok(!total.startsWith('≈'), `${pair}: ${total} is not approximate`);
              continue;
            }
            assert.ok(
              total.startsWith('≈ '),
              `${pair}: the converted ${total} is marked approximate`,
            );
            assert.ok(
              charged?.startsWith(`Charged at checkout: ${market.symbol}`),
              `${pair}: ${charged}`,
            );
            assert.equal(minorUnitsOf(charged), cart.total_price, `${pair}: ${charged}`);
          }
        }
        await page.close();
      });
    }
  }

  for (const width of WIDTHS) {
    test(`appears without moving anything at ${width} px`, async () => {
      const { page } = await shopperWithCart({
        country: 'LT',
        width,
        display: 'USD',
      });
      await page.addInitScript(recordFooterShifts, '.cart-page__footer');
      await openWithRates(page, '/cart', 'EUR');
      const [cartPage] = (await shownTotals(page)).filter(({ where }) => where === 'cart page');
      assert.equal(cartPage.charged, 'Charged at checkout: €29.75');
      const shifts = await page.evaluate(() => window.kfFooterShifts);
      assert.deepEqual(shifts, [], "layout shifts of the cart page's footer");
      await page.close();
    });

    test(`takes room only when the shopper picks another currency, without moving anything, at ${width} px`, async () => {
      const { page } = await shopperWithCart({
        country: 'LT',
        width,
        display: 'EUR',
      });
      await page.addInitScript(recordFooterShifts, '.cart-page__footer');
      await openWithRates(page, '/cart', 'EUR');
      assert.deepEqual(
        [...new Set(await chargedLineHeights(page))],
        [0],
        'no room for the line in the market currency',
      );

      await chooseCurrency(page, 'USD');
      await page.waitForFunction(() => {
        const line = document.querySelector('.cart-page__footer [data-cart-charged]');
        return line !== null && getComputedStyle(line).visibility === 'visible';
      });
      const [cartPage] = (await shownTotals(page)).filter(({ where }) => where === 'cart page');
      assert.equal(cartPage.charged, 'Charged at checkout: €29.75');
      const shifts = await page.evaluate(() => window.kfFooterShifts);
      assert.deepEqual(shifts, [], "layout shifts of the cart page's footer");
      await page.close();
    });
  }
});

describe("a pre-order's price in the phone's sticky footer", () => {
  // Open for pre-order, with two payment options.
  const SNOWFALL = { handle: 'snowfall-yoke-sweater', variant: 45123456000601 };
  const PHONE = 390;

  /**
   * A new shopper in Lithuania showing prices in a currency, on the pre-order's page once its buy
   * buttons are ready; returns the page and what the footer shows: its button, and its charged
   * line (text, visible or not, height).
   */
  async function preorderFooter(display) {
    const page = await shop.newPage({ width: PHONE });
    await openInCountry(page, shop, 'LT');
    await page.evaluate((chosen) => localStorage.setItem('displayCurrency', chosen), display);
    await page.addInitScript(recordFooterShifts, '.pdp-cta-footer');
    await openWithRates(page, `/products/${SNOWFALL.handle}`, 'EUR');
    await page.waitForFunction((converted) => {
      const line = document.querySelector('.pdp-cta-footer [data-kf-buy-charged]');
      return (
        document.documentElement.getAttribute('data-kf-buy-buttons') === 'ready' &&
        line !== null &&
        (getComputedStyle(line).visibility === 'visible') === converted
      );
    }, display !== 'EUR');
    const footer = await page.evaluate(() => {
      const line = document.querySelector('.pdp-cta-footer [data-kf-buy-charged]');
      return {
        button: [...document.querySelectorAll('.pdp-cta-footer button[type=submit]')]
          .filter((button) => button.checkVisibility())
          .map((button) => button.textContent.replace(/\s+/g, ' ').trim()),
        line: line.textContent.trim(),
        lineVisible: getComputedStyle(line).visibility === 'visible',
        lineHeight: line.getBoundingClientRect().height,
        shifts: window.kfFooterShifts,
      };
    });
    return { page, footer };
  }

  test('in LT/USD: the price approximate, and under it what checkout charges upfront, in euros', async () => {
    const { page, footer } = await preorderFooter('USD');
    assert.equal(footer.button.length, 1, `one button in the footer: ${footer.button}`);
    assert.match(footer.button[0], /^Pre Order for ≈ \$\d/);
    assert.ok(footer.lineVisible && footer.lineHeight > 0, 'the charged line shows');
    assert.match(footer.line, /^Charged at checkout: €/);
    assert.deepEqual(footer.shifts, [], 'layout shifts of the sticky footer');
    await shop.screenshot(page, 'charged-preorder-LT-USD', { fullPage: false });

    const plan = await page.inputValue(
      '[data-selling-plan-group] input[name=selling_plan]:checked',
    );
    const added = await page.request.post(shop.url('/cart/add.js'), {
      data: { id: SNOWFALL.variant, quantity: 1, selling_plan: Number(plan) },
    });
    assert.equal(added.status(), 200, `cart/add.js answered ${added.status()}`);
    const cart = await (await page.request.get(shop.url('/cart.js'))).json();
    assert.equal(cart.currency, 'EUR');
    assert.equal(
      minorUnitsOf(footer.line),
      cart.items[0].selling_plan_allocation.checkout_charge_amount,
      `${footer.line} is what the cart charges upfront`,
    );
    await page.close();
  });

  test('in LT/EUR: nothing changes, and the charged line takes no room', async () => {
    const { page, footer } = await preorderFooter('EUR');
    assert.equal(footer.button.length, 1, `one button in the footer: ${footer.button}`);
    assert.match(footer.button[0], /^Pre Order for €\d/);
    assert.deepEqual(
      { visible: footer.lineVisible, height: footer.lineHeight },
      { visible: false, height: 0 },
    );
    assert.deepEqual(footer.shifts, [], 'layout shifts of the sticky footer');
    await shop.screenshot(page, 'charged-preorder-LT-EUR', { fullPage: false });
    await page.close();
  });
});

describe('stale rates', () => {
  test('show prices in the market currency, and the switcher says why', async () => {
    const page = await shop.newPage({ width: WIDTHS[0] });
    // Every rates answer of this page says the rates are stale, as the server does when its feed
    // fails for days.
    await page.route('**/api/currency-rates/*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'x-rates-stale': 'true' },
      });
    });
    await openInCountry(page, shop, 'LT');
    await addBeanie(page);
    await openWithRates(page, '/cart', 'EUR');
    await chooseCurrency(page, 'USD');

    const [cartPage] = (await shownTotals(page)).filter(({ where }) => where === 'cart page');
    assert.deepEqual(cartPage, {
      where: 'cart page',
      total: '€30',
      charged: null,
    });

    await page.click('.header__icons currency-switcher .kf-currency__button');
    const rates = page.locator('.header__icons currency-switcher .kf-currency__rates-day');
    await rates.waitFor({ state: 'attached' });
    assert.equal(
      await rates.textContent(),
      'The rates of 20 Nov are out of date, so prices show in EUR, the currency you pay in.',
    );
    await page.close();
  });

  test('fresh rates: the switcher gives their day and the way back to the market currency', async () => {
    const page = await shop.newPage({ width: WIDTHS[0] });
    await openInCountry(page, shop, 'LT');
    await openWithRates(page, '/', 'EUR');
    await chooseCurrency(page, 'USD');

    await page.click('.header__icons currency-switcher .kf-currency__button');
    const switcher = page.locator('.header__icons currency-switcher');
    await switcher.locator('.kf-currency__rates-day').waitFor({ state: 'attached' });
    assert.equal(
      await switcher.locator('.kf-currency__rates-day').textContent(),
      'Rates of 20 Nov',
    );
    await switcher
      .getByRole('button', {
        name: 'Show prices in EUR, the currency you pay in',
      })
      .click();

    assert.equal(await page.evaluate(() => localStorage.getItem('displayCurrency')), 'EUR');
    await page.close();
  });
});

describe('screenshots', () => {
  for (const width of WIDTHS) {
    for (const { country, display, currency } of [
      { country: 'LT', display: 'USD', currency: 'EUR' },
      { country: 'AU', display: 'EUR', currency: 'AUD' },
    ]) {
      test(`of the cart page and the drawer in ${country}/${display} at ${width} px`, async () => {
        const { page } = await shopperWithCart({ country, width, display });
        await openWithRates(page, '/cart', currency);
        await shop.screenshot(page, `charged-cart-${country}-${display}`);
        await openWithRates(page, '/collections/all', currency);
        await page.click('#cart-icon-bubble');
        await page.waitForSelector('cart-drawer.active .drawer__footer .totals');
        await shop.screenshot(page, `charged-drawer-${country}-${display}`, {
          fullPage: false,
        });
        await page.close();
      });
    }
  }
});
