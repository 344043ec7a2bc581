// Prices at first paint: with the demo catalogue synced from dev's Shopify stand-in, the sync
// writes each variant's automatic discount and the display rates into the shop's metafields, and
// the theme prints the final price from them, in the market's currency and converted into every
// other display currency. These tests check that what the server printed is what the widget
// finally shows, for every variant in every market and display currency; that the printed price
// of the shopper's display currency is visible before the bundle runs (its script held back);
// that stale rates show the market's currency, a shopper of another market or a discount that has
// ended still waits for the widget; and that nothing moves when the widget takes the printed price
// over.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { chooseCurrency, openShop, screenshot, WIDTHS } from './harness.mjs';
import { BUNDLE, BUNDLE_HELD_BACK, eachAtOnce, shopPages, shopperIn } from './first-paint-shop.mjs';
import { recordPricesAndShifts } from './page-metrics.mjs';

/** The markets and the currency each prints its prices in. */
const MARKETS = { LT: 'EUR', AU: 'AUD', GB: 'GBP', US: 'USD' };
/** The currencies a shopper can see prices in. */
const DISPLAY_CURRENCIES = Object.values(MARKETS);
const COLLECTION = '/collections/all';
/** pebble-beanie: 15% off in every market by the "Mitten season" discount. */
const DISCOUNTED_PRODUCT = '/products/pebble-beanie';

let shop;
before(async () => {
  shop = await openShop({ env: { KNITFRONT_DEV_CATALOGUE: 'stand-in' } });
});
after(() => shop?.close());

/** A shopper in a country who chose to see prices in a currency (null: the market's). */
async function shopperSeeing(country, currency, options) {
  const page = await shopperIn(shop, country, options);
  if (currency) await page.evaluate((c) => localStorage.setItem('displayCurrency', c), currency);
  return page;
}

/**
 * The prices the server printed from the metafields (with data-final-minor) on every page, as
 * HTML, each once: a variant's price shows on many pages the same.
 */
async function printedPrices(shopper, paths) {
  const pages = await eachAtOnce(paths, async (path) => {
    const html = await (await shopper.request.get(shop.url(path))).text();
    const prices = [...html.matchAll(/<product-price\b[^>]*>[\s\S]*?<\/product-price>/g)]
      .map(([price]) => price)
      .filter((price) => /\bdata-final-minor="/.test(price));
    assert.ok(prices.length > 0, `${path}: no price printed from the metafields`);
    return prices;
  });
  return [...new Set(pages.flat())];
}

/** Where the test puts the printed prices on a page. */
const PUT_PRINTED = '#printed-prices product-price';

/**
 * Puts the printed prices on the page the shopper has open, as the server printed them, and
 * returns what each printed, read before the widget renders: its variant, placement, final price
 * in cents of the market's currency and the text of its figure in each currency.
 */
function putPrinted(prices) {
  const printed = new DOMParser().parseFromString(prices.join(''), 'text/html');
  const expected = [...printed.querySelectorAll('product-price')].map((price) => ({
    variant: price.getAttribute('variant_id'),
    type: price.getAttribute('type'),
    finalMinor: Number(price.getAttribute('data-final-minor')),
    figures: Object.fromEntries(
      [...price.querySelectorAll('[data-kf-currency]')].map((figure) => [
        figure.getAttribute('data-kf-currency'),
        figure.textContent.replace(/\s+/g, ''),
      ]),
    ),
  }));
  const holder = document.createElement('div');
  holder.id = 'printed-prices';
  holder.append(...[...printed.body.children].map((price) => document.adoptNode(price)));
  document.body.append(holder);
  return expected;
}

/**
 * The prices the widgets show once every lookup has answered, in page order; given a currency,
 * once every one shows in it.
 */
async function widgetPrices(page, selector = 'product-price[data-final-minor]', currency = null) {
  await page.waitForFunction(
    ([s, c]) =>
      [...document.querySelectorAll(s)].every(
        (price) => price.shownPrice && (c === null || price.shownPrice.currency === c),
      ),
    [selector, currency],
    { timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    (s) =>
      [...document.querySelectorAll(s)].map((price) => ({
        variant: price.getAttribute('variant_id'),
        type: price.getAttribute('type'),
        amount: price.shownPrice.amount,
        text: price.textContent.replace(/\s+/g, ''),
        currency: price.shownPrice.currency,
      })),
    selector,
  );
}

test('in every market and display currency, every variant’s printed price is the price the widget finally shows', async () => {
  const page = await shopperIn(shop, 'LT');
  const paths = await shopPages(shop, page);
  await page.close();
  const variantCount = paths.filter((path) => path.includes('?variant=')).length;
  assert.ok(variantCount > 300, `the shop's variants: ${variantCount}`);

  for (const [country, marketCurrency] of Object.entries(MARKETS)) {
    const shopper = await shopperIn(shop, country);
    const prices = await printedPrices(shopper, paths);
    const variants = new Set(prices.map((price) => /variant_id="(\d+)"/.exec(price)?.[1]));
    assert.equal(variants.size, variantCount, `${country}: the variants printed`);
    await shopper.goto(shop.url(COLLECTION));
    await widgetPrices(shopper);
    const printed = await shopper.evaluate(putPrinted, prices);
    // The market's currency first, as the shopper starts; then each other, chosen in the header,
    // which changes every price on the page at once.
    const others = DISPLAY_CURRENCIES.filter((currency) => currency !== marketCurrency);
    for (const currency of [marketCurrency, ...others]) {
      if (currency !== marketCurrency) await chooseCurrency(shopper, currency);
      const shown = await widgetPrices(shopper, PUT_PRINTED, currency);
      assert.equal(shown.length, printed.length, `${country} in ${currency}: prices`);
      let discounted = 0;
      printed.forEach(({ finalMinor, figures, ...price }, i) => {
        const where = `${country} in ${currency}, variant ${price.variant} (${price.type})`;
        const { amount, ...widget } = shown[i];
        assert.deepEqual(widget, { ...price, text: figures[currency] ?? null, currency }, where);
        // The printed cents are the market's: a converted price is compared by its text alone.
        if (currency === marketCurrency) assert.equal(amount, finalMinor, where);
        if (widget.text.includes('off')) discounted++;
      });
      assert.ok(discounted > 0, `${country} in ${currency}: no discounted price compared`);
    }
    await shopper.close();
  }
});

/**
 * Opens a page with the bundle's script held back, so that what shows is what the server
 * printed and the theme's stylesheet lets through: each price's text as a shopper reads it (the
 * figures of the currencies not shown left out).
 */
async function withoutBundle(page, path) {
  await page.route(BUNDLE, (route) => route.abort('failed'));
  await page.goto(shop.url(path));
  await page.addScriptTag({ content: boxOf.toString() });
  return page.evaluate(() =>
    [...document.querySelectorAll('product-price')].map((p) => ({
      marked: p.hasAttribute('data-final-minor'),
      visible: p.checkVisibility({ visibilityProperty: true }),
      text: p.innerText.replace(/\s+/g, ''),
      box: boxOf(p),
    })),
  );
}

/** Where an element is and how big, to the pixel: what must not change when the widget renders. */
function boxOf(element) {
  const { x, y, width, height } = element.getBoundingClientRect();
  return [x, y, width, height].map(Math.round);
}

/** The shoppers the first paint is looked at for: a market's own currency, and a converted one. */
const SHOPPERS = [
  {
    country: 'GB',
    currency: null,
    price: /^(Regularprice£[\d,]+Saleprice)?£[\d,]+(-\d+%off)?$/,
  },
  {
    country: 'LT',
    currency: 'USD',
    price: /^(Regularprice\$[\d,]+Saleprice)?\$[\d,]+(-\d+%off)?$/,
  },
];

test('a printed price is visible before the bundle runs, in the shopper’s display currency', async () => {
  for (const { country, currency, price: pattern } of SHOPPERS) {
    for (const width of WIDTHS) {
      for (const path of [COLLECTION, DISCOUNTED_PRODUCT]) {
        const where = `${country} in ${currency ?? 'its currency'}, ${path} at ${width}`;
        const page = await shopperSeeing(country, currency, { width });
        const prices = await withoutBundle(page, path);
        const marked = prices.filter((price) => price.marked);
        assert.ok(marked.length > 0, `${where}: printed prices`);
        for (const price of marked) {
          assert.ok(price.visible, `${where}: ${price.text} hidden`);
          assert.match(price.text, pattern, where);
        }
        for (const price of prices.filter((p) => !p.marked)) {
          assert.ok(!price.visible, `${where}: ${price.text} shown unmarked`);
        }
        const name = path === COLLECTION ? 'collection' : 'product';
        await screenshot(page, `first-paint-${name}${currency ? `-${currency}` : ''}`);
        await page.close({ allow: BUNDLE_HELD_BACK });

        // The widget's price reads the same and takes the printed price's place and room exactly.
        const widget = await shopperSeeing(country, currency, { width });
        await widget.goto(shop.url(path));
        await widgetPrices(widget);
        await widget.addScriptTag({ content: boxOf.toString() });
        const shown = await widget.evaluate(() =>
          [...document.querySelectorAll('product-price[data-final-minor]')].map((p) => ({
            text: p.textContent.replace(/\s+/g, ''),
            box: boxOf(p),
          })),
        );
        assert.deepEqual(
          shown,
          marked.map(({ text, box }) => ({ text, box })),
          `${where}: the widget's prices`,
        );
        await widget.close();
      }
    }
  }
});

/** Serves the collection page as the server would with rates past their stale_at. */
async function servedWithStaleRates(page) {
  await page.route(shop.url(COLLECTION), async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '"stale_at": null',
      '"stale_at": "2020-01-01T00:00:00Z"',
    );
    assert.match(html, /"stale_at": "2020/);
    await route.fulfill({ response, body: html });
  });
}

test('with stale rates a printed price shows in the market currency, as the widget shows it', async () => {
  const page = await shopperSeeing('LT', 'USD');
  await servedWithStaleRates(page);
  const marked = (await withoutBundle(page, COLLECTION)).filter((price) => price.marked);
  assert.ok(marked.length > 0);
  for (const price of marked) {
    assert.ok(price.visible, `${price.text} hidden`);
    assert.match(price.text, /^(Regularprice€[\d,]+Saleprice)?€[\d,]+(-\d+%off)?$/);
  }
  await page.close({ allow: BUNDLE_HELD_BACK });
});

test('a shopper of another market than the page’s waits for the widget', async () => {
  const page = await shopperIn(shop, 'GB');
  await page.evaluate(() => localStorage.setItem('marketCurrency', 'EUR'));
  const prices = await withoutBundle(page, COLLECTION);
  assert.ok(prices.length > 0);
  assert.deepEqual(
    prices.filter((price) => price.visible),
    [],
    'prices shown in pounds to a shopper of the euro market',
  );
  await page.close({ allow: BUNDLE_HELD_BACK });
});

/**
 * Serves the discounted product's page as a cache would after its discount's end: the printed
 * discount's markers given an end that has passed.
 */
async function servedAfterTheEnd(page) {
  await page.route(shop.url(DISCOUNTED_PRODUCT), async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      'data-discount-percentage=',
      'data-discount-ends-at="2020-01-01T00:00:00Z" data-discount-percentage=',
    );
    assert.match(html, /data-discount-ends-at="2020/);
    await route.fulfill({ response, body: html });
  });
}

test('a printed discount that has ended by the shopper’s clock waits for the widget', async () => {
  const page = await shopperIn(shop, 'LT');
  await servedAfterTheEnd(page);
  const [price] = await withoutBundle(page, DISCOUNTED_PRODUCT);
  assert.ok(price.marked && !price.visible, `${price.text} shown after its discount ended`);
  assert.deepEqual(
    await page.evaluate(buyButtonsShown),
    { state: null, buttons: [] },
    'the buy buttons printed with the ended discount, not left for the enhancer',
  );
  await page.close({ allow: BUNDLE_HELD_BACK });

  // With the bundle, the widget asks rather than believe it, and shows the API's answer.
  const fresh = await shopperIn(shop, 'LT');
  await servedAfterTheEnd(fresh);
  await fresh.goto(shop.url(DISCOUNTED_PRODUCT));
  const [shown] = await widgetPrices(fresh);
  assert.equal(shown.text, 'Regularprice€35Saleprice€30-15%off');
  await fresh.close();
});

/** A pre-order: its buy button's charge at checkout follows the payment option picked. */
const PREORDER_PRODUCT = '/products/snowfall-yoke-sweater';

/**
 * The buy buttons a shopper can see (the product form's, or on a phone the sticky footer's copy),
 * by text and place, and the enhancer's state on <html>.
 */
function buyButtonsShown() {
  return {
    state: document.documentElement.getAttribute('data-kf-buy-buttons'),
    buttons: [...document.querySelectorAll('button[type=submit][name=add]')]
      .filter((button) => button.checkVisibility({ visibilityProperty: true }))
      .map((button) => ({
        text: button.textContent.replace(/\s+/g, ' ').trim(),
        inFooter: button.closest('.pdp-cta-footer') !== null,
      })),
  };
}

test('the buy button reads its printed price before the bundle runs, and the enhancer keeps it', async () => {
  const shoppers = [...SHOPPERS, { country: 'AU', currency: 'EUR' }];
  for (const { country, currency } of shoppers) {
    for (const width of WIDTHS) {
      const where = `${country} in ${currency ?? 'its currency'} at ${width}`;
      const page = await shopperSeeing(country, currency, { width });
      const [price] = await withoutBundle(page, DISCOUNTED_PRODUCT);
      const printed = await page.evaluate(buyButtonsShown);
      // The price's figure without its struck price and badge: what Add to cart says it costs.
      const money = price.text.replace(/^Regularprice.*Saleprice/, '').replace(/-\d+%off$/, '');
      assert.deepEqual(
        printed,
        {
          state: 'ready',
          buttons: [{ text: `Add to cart for ${money.replace(/^≈/, '')}`, inFooter: width < 768 }],
        },
        where,
      );
      await screenshot(page, `first-paint-buy-button${currency ? `-${currency}` : ''}`, {
        fullPage: false,
      });
      await page.close({ allow: BUNDLE_HELD_BACK });

      // With the bundle: no skeleton ever, nothing moves, and the buttons read as printed.
      const widget = await shopperSeeing(country, currency, { width });
      await widget.addInitScript(recordPricesAndShifts);
      await widget.addInitScript(() => {
        window.kfBuyButtonStates = [];
        new MutationObserver(() =>
          window.kfBuyButtonStates.push(
            document.documentElement.getAttribute('data-kf-buy-buttons'),
          ),
        ).observe(document, { subtree: true, attributeFilter: ['data-kf-buy-buttons'] });
      });
      await widget.goto(shop.url(DISCOUNTED_PRODUCT));
      await widgetPrices(widget);
      const after = await widget.evaluate(buyButtonsShown);
      assert.deepEqual(after, printed, `${where}: the buy buttons with the bundle`);
      const { states, shifts } = await widget.evaluate(() => ({
        states: window.kfBuyButtonStates,
        shifts: window.kfShifts,
      }));
      assert.ok(!states.includes('loading'), `${where}: the skeleton showed (${states})`);
      assert.deepEqual(shifts, [], `${where}: layout shifts`);
      await widget.close();
    }
  }
});

test('a pre-order’s buy buttons wait for the enhancer, as before', async () => {
  const page = await shopperIn(shop, 'LT');
  await withoutBundle(page, PREORDER_PRODUCT);
  const printed = await page.evaluate(() => ({
    state: document.documentElement.getAttribute('data-kf-buy-buttons'),
    footer: document.querySelector('.pdp-cta-footer').childElementCount,
  }));
  assert.deepEqual(printed, { state: null, footer: 0 });
  await page.close({ allow: BUNDLE_HELD_BACK });
});

test('no layout shift when the widgets take the printed prices over, and what a shopper sees', async () => {
  for (const currency of [null, 'USD']) {
    for (const width of WIDTHS) {
      for (const [name, path] of [
        ['collection', COLLECTION],
        ['product', DISCOUNTED_PRODUCT],
      ]) {
        const where = `${name} in ${currency ?? 'EUR'} at ${width}`;
        const page = await shopperSeeing('LT', currency, { width });
        // The visit's first page, whose widgets have not had the rates yet: they take the printed
        // prices over with the rates the page printed, until their own request answers.
        await page.evaluate(() => sessionStorage.clear());
        await page.addInitScript(recordPricesAndShifts);
        await page.goto(shop.url(path));
        const shown = await widgetPrices(page);
        assert.ok(
          shown.every((price) => price.currency === (currency ?? 'EUR')),
          `${where}: ${JSON.stringify(shown[0])}`,
        );
        const shifts = await page.evaluate(() => window.kfShifts);
        assert.deepEqual(shifts, [], `${where}: layout shifts`);
        await screenshot(page, `first-paint-${name}-widget${currency ? `-${currency}` : ''}`);
        await page.close();
      }
    }
  }
});

/** meadow-button-cardigan in Rose: XS at its price, S 25 % off. */
const ROSE_XS = '/products/meadow-button-cardigan?variant=45123456001111';
const ROSE_S = '45123456001112';

test('the variant picker asks for the section as the link is pressed, and the click takes that answer', async () => {
  const page = await shopperIn(shop, 'LT');
  await page.goto(shop.url(ROSE_XS));
  await widgetPrices(page);
  const asked = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('section_id')) asked.push(request.url());
  });
  await page.locator(`size-picker a[href$="variant=${ROSE_S}"]`).hover();
  await page.mouse.down();
  await page.waitForResponse((response) => response.url().includes('section_id='));
  assert.equal(asked.length, 1, 'the press asks for the section');
  await page.mouse.up();
  await page.waitForFunction(
    (variant) =>
      document.querySelector('product-price[type=ProductDetailsPagePrice]').shownPrice
        ?.variantId === variant,
    ROSE_S,
  );
  const [shown] = await widgetPrices(page, 'product-price[type=ProductDetailsPagePrice]');
  assert.equal(shown.text, 'Regularprice€139Saleprice€104-25%off');
  assert.equal(asked.length, 1, 'the click asked again');
  assert.ok(asked[0].includes(`variant=${ROSE_S}`), asked[0]);
  await page.close();
});
