// Honest money: when the display currency is not the market's, the one checkout charges, the cart
// page and the drawer footer show beside the converted total (marked approximate) the amount
// checkout charges, in the market currency and exact to the cent, and it is what /cart.js says;
// the cart's lines mark their converted prices approximate and give each discount's amount
// charged beside it; nothing moves when they appear; stale rates show prices in the market
// currency, and the currency switcher says why; axe finds nothing wrong on the pages where the
// shopper pays.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { chooseCurrency, openInCountry, openShop, WIDTHS } from './harness.mjs';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const BEANIE_OAT = 45123456003501; // 15% automatic discount in LT: €35 → €29.75, to the cent
// A discounted price of three digits, the widest a cart line's price column is made for.
const HARBOUR_NAVY_XS = 45123456000201;
// Open for pre-order, with two payment options.
const SNOWFALL = { handle: 'snowfall-yoke-sweater', variant: 45123456000601 };

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
  const cart = await addToCart(page, BEANIE_OAT);
  await page.evaluate((chosen) => localStorage.setItem('displayCurrency', chosen), display);
  return { page, cart };
}

/**
 * Adds a variant to the cart with the page's cookies, beside the page rather than from it (so
 * that nothing the page does on its own start can cut the request short), on a selling plan when
 * given; returns /cart.js.
 */
async function addToCart(page, id, sellingPlan) {
  const added = await page.request.post(shop.url('/cart/add.js'), {
    data: { id, quantity: 1, ...(sellingPlan && { selling_plan: sellingPlan }) },
  });
  assert.equal(added.status(), 200, `cart/add.js answered ${added.status()}`);
  return (await page.request.get(shop.url('/cart.js'))).json();
}

/** The payment option a pre-order's page has chosen: its selling plan's id. */
async function chosenPlan(page) {
  return Number(
    await page.inputValue('[data-selling-plan-group] input[name=selling_plan]:checked'),
  );
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

/**
 * What each cart line on the page shows (the drawer's and the cart page's), once every line price
 * is ready: the line price and whether it fits its column, and the amount of each discount with,
 * when converted, the amount checkout takes off beside it.
 */
async function shownLines(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.cart-item product-price')].every(
      (price) => price.querySelector('.kf-price')?.dataset.state === 'ready',
    ),
  );
  return page.evaluate(() =>
    [...document.querySelectorAll('.cart-item')].map((line) => ({
      where: line.closest('cart-drawer') ? 'drawer' : 'cart page',
      price: line.querySelector('product-price .kf-price__current').textContent.trim(),
      priceFits:
        line.querySelector('product-price .kf-price').getBoundingClientRect().width <=
        line.querySelector('.cart-item__totals').getBoundingClientRect().width,
      discounts: [...line.querySelectorAll('.cart-item__discount-amount')].map((amount) =>
        amount.textContent.trim(),
      ),
    })),
  );
}

/**
 * A discount's amount as a converted line shows it, '≈ −$6 (−€5.25)': the amount shown and the
 * amount checkout takes off.
 */
function discountParts(text) {
  const parts = /^≈ −(\S+) \(−(\S+)\)$/.exec(text);
  assert.ok(parts, `${JSON.stringify(text)} is not '≈ −{amount} (−{charged})'`);
  return { shown: parts[1], charged: parts[2] };
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
 * Installed before the page's own scripts: records each layout shift that moved a part of the
 * page (the cart page's totals and checkout button, the cart's lines, or the product page's
 * sticky footer, with their amounts charged at checkout) or anything in it, with the elements it
 * moved. Shifts elsewhere are other tests' business.
 */
function recordShifts(part) {
  window.kfShifts = [];
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) {
      if (shift.hadRecentInput) continue;
      const moved = shift.sources
        .map((source) => source.node)
        .filter((node) => node instanceof Element && node.closest(part))
        .map((node) => node.outerHTML.slice(0, 80).replace(/\s+/g, ' '));
      if (moved.length > 0) window.kfShifts.push({ value: shift.value, moved });
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
          const [{ amount: discount }] = cart.items[0].line_level_discount_allocations;
          for (const { where, price, discounts } of await shownLines(page)) {
            const pair = `${market.country}/${display}, ${where}'s line`;
            if (display === market.currency) {
              assert.ok(!price.startsWith('≈'), `${pair}: ${price} is not approximate`);
              assert.deepEqual(
                discounts.map((text) => text.startsWith('−')),
                [true],
                `${pair}: ${discounts}`,
              );
              continue;
            }
            assert.ok(price.startsWith('≈ '), `${pair}: the converted ${price} is approximate`);
            const { charged } = discountParts(discounts[0] ?? '');
            assert.ok(charged.startsWith(market.symbol), `${pair}: ${discounts}`);
            assert.equal(minorUnitsOf(charged), discount, `${pair}: ${discounts}`);
          }
        }
        await page.close();
      });
    }
  }

  for (const width of WIDTHS) {
    for (const { country, display, currency, symbol } of [
      { country: 'LT', display: 'USD', currency: 'EUR', symbol: '€' },
      { country: 'AU', display: 'EUR', currency: 'AUD', symbol: 'A$' },
    ]) {
      test(`is what checkout charges today with a pre-order in the cart, in ${country}/${display} at ${width} px`, async () => {
        // The beanie and a pre-order on its deposit plan: checkout charges the beanie's final
        // price and the deposit, and the rest of the pre-order later, so the charged amount is
        // not the cart's total_price.
        const { page } = await shopperWithCart({ country, width, display });
        await openWithRates(page, `/products/${SNOWFALL.handle}`, currency);
        const cart = await addToCart(page, SNOWFALL.variant, await chosenPlan(page));
        assert.equal(cart.currency, currency);
        const dueToday = cart.items.reduce(
          (sum, item) =>
            sum +
            (item.selling_plan_allocation
              ? item.selling_plan_allocation.checkout_charge_amount * item.quantity
              : item.final_line_price),
          0,
        );
        assert.ok(dueToday < cart.total_price, `a deposit: ${dueToday} of ${cart.total_price}`);

        await openWithRates(page, '/cart', currency);
        const areas = (await shownTotals(page)).filter(({ where }) => where === 'cart page');
        // The drawer, opened on another page.
        await openWithRates(page, '/collections/all', currency);
        await page.click('#cart-icon-bubble');
        await page.waitForSelector('cart-drawer.active .drawer__footer .totals');
        areas.push(...(await shownTotals(page)).filter(({ where }) => where === 'drawer'));
        assert.deepEqual(
          areas.map(({ where }) => where),
          ['cart page', 'drawer'],
          'the cart page and the drawer have their totals',
        );
        for (const { where, total, charged } of areas) {
          assert.ok(total.startsWith('≈ '), `${where}: the converted ${total} is approximate`);
          assert.ok(charged?.startsWith(`Charged at checkout: ${symbol}`), `${where}: ${charged}`);
          assert.equal(minorUnitsOf(charged), dueToday, `${where}: ${charged}`);
        }
        await page.close();
      });
    }

    test(`appears without moving anything at ${width} px`, async () => {
      const { page } = await shopperWithCart({
        country: 'LT',
        width,
        display: 'USD',
      });
      await page.addInitScript(recordShifts, '.cart-page__footer');
      await openWithRates(page, '/cart', 'EUR');
      const [cartPage] = (await shownTotals(page)).filter(({ where }) => where === 'cart page');
      assert.equal(cartPage.charged, 'Charged at checkout: €29.75');
      const shifts = await page.evaluate(() => window.kfShifts);
      assert.deepEqual(shifts, [], "layout shifts of the cart page's footer");
      await page.close();
    });

    test(`takes room only when the shopper picks another currency, without moving anything, at ${width} px`, async () => {
      const { page } = await shopperWithCart({
        country: 'LT',
        width,
        display: 'EUR',
      });
      await page.addInitScript(recordShifts, '.cart-page__footer');
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
      const shifts = await page.evaluate(() => window.kfShifts);
      assert.deepEqual(shifts, [], "layout shifts of the cart page's footer");
      await page.close();
    });
  }
});

describe("the cart's lines in another currency", () => {
  for (const width of WIDTHS) {
    for (const { country, display, currency, symbol, shownSymbol } of [
      {
        country: 'LT',
        display: 'USD',
        currency: 'EUR',
        symbol: '€',
        shownSymbol: '$',
      },
      {
        country: 'AU',
        display: 'EUR',
        currency: 'AUD',
        symbol: 'A$',
        shownSymbol: '€',
      },
    ]) {
      test(`in ${country}/${display}: the line prices approximate, the discounts with their amounts charged, nothing moved, at ${width} px`, async () => {
        const { page } = await shopperWithCart({ country, width, display });
        const cart = await addToCart(page, HARBOUR_NAVY_XS);
        await page.addInitScript(recordShifts, '.cart-page');
        await openWithRates(page, '/cart', currency);
        const lines = await shownLines(page);
        for (const where of ['cart page', 'drawer']) {
          const shown = lines.filter((line) => line.where === where);
          assert.equal(shown.length, cart.items.length, `${where}: a line for each item`);
          shown.forEach(({ price, priceFits, discounts }, index) => {
            const item = cart.items[index];
            const pair = `${country}/${display}, ${where}, ${item.title}`;
            assert.ok(price.startsWith(`≈ ${shownSymbol}`), `${pair}: ${price}`);
            assert.ok(priceFits, `${pair}: ${price} fits its column`);
            assert.equal(
              discounts.length,
              item.line_level_discount_allocations.length,
              `${pair}: ${discounts}`,
            );
            discounts.forEach((text, i) => {
              const { shown: amount, charged } = discountParts(text);
              assert.ok(amount.startsWith(shownSymbol), `${pair}: ${text}`);
              assert.ok(charged.startsWith(symbol), `${pair}: ${text}`);
              assert.equal(
                minorUnitsOf(charged),
                item.line_level_discount_allocations[i].amount,
                `${pair}: ${text} to the cent`,
              );
            });
          });
        }
        assert.deepEqual(
          await page.evaluate(() => window.kfShifts),
          [],
          'layout shifts of the cart page',
        );

        // The drawer, opened on another page: its lines show what the cart page's showed.
        await openWithRates(page, '/collections/all', currency);
        await page.click('#cart-icon-bubble');
        await page.waitForSelector('cart-drawer.active .drawer__footer .totals');
        const drawerDiscounts = page.locator('cart-drawer .cart-item__discount-amount');
        assert.ok(await drawerDiscounts.first().isVisible(), "the drawer's discounts show");
        assert.deepEqual(
          (await drawerDiscounts.allTextContents()).map((text) => text.trim()),
          lines.filter(({ where }) => where === 'cart page').flatMap(({ discounts }) => discounts),
        );
        await page.close();
      });
    }
  }
});

describe("a pre-order's price in the phone's sticky footer", () => {
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
    await page.addInitScript(recordShifts, '.pdp-cta-footer');
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
        shifts: window.kfShifts,
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

    const cart = await addToCart(page, SNOWFALL.variant, await chosenPlan(page));
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
    await addToCart(page, BEANIE_OAT);
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

describe('accessibility', () => {
  // What axe checks: the rules of WCAG 2.0, 2.1 and 2.2, levels A and AA.
  const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

  /**
   * axe's violations on the page once what flies in has landed (half faded in, a text's contrast
   * is not its own): each rule's id and the elements it found.
   */
  async function axeViolations(page) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect.getComputedTiming().endTime === Infinity,
        ),
    );
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(
      (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }),
      AXE_TAGS,
    );
    return violations.violations.map(({ id, nodes }) => ({
      id,
      elements: nodes.map((node) => node.target.join(' ')),
    }));
  }

  for (const width of WIDTHS) {
    for (const display of ['EUR', 'USD']) {
      test(`axe finds nothing where the shopper pays, in LT/${display} at ${width} px`, async () => {
        // A beanie and a pre-order on its first payment option: the pre-order's page shows the
        // payment options, the cart and the drawer what is due today, later, and charged.
        const { page } = await shopperWithCart({ country: 'LT', width, display });
        await openWithRates(page, `/products/${SNOWFALL.handle}`, 'EUR');
        assert.deepEqual(await axeViolations(page), [], "the pre-order's page");
        await addToCart(page, SNOWFALL.variant, await chosenPlan(page));

        await openWithRates(page, '/cart', 'EUR');
        assert.deepEqual(await axeViolations(page), [], 'the cart page');
        await openWithRates(page, '/collections/all', 'EUR');
        await page.click('#cart-icon-bubble');
        await page.waitForSelector('cart-drawer.active .drawer__footer .totals');
        assert.deepEqual(await axeViolations(page), [], 'the open drawer');
        await page.close();
      });
    }
  }
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
