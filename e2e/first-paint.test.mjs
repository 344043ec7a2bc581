// Prices at first paint: with the demo catalogue synced from dev's Shopify stand-in, the sync
// writes each variant's automatic discount into the shop's metafields and the theme prints the
// final price from them. These tests check that what the server printed is what the widget
// finally shows, for every price the collection pages and product pages show in every market;
// that the printed price is visible before the bundle runs (its script held back); that a shopper
// who sees another currency, or a discount that has ended, still waits for the widget; and that
// nothing moves when the widget takes the printed price over.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { openShop, screenshot, WIDTHS } from './harness.mjs';
import { recordPricesAndShifts } from './page-metrics.mjs';

/** The markets and the currency each prints its prices in. */
const MARKETS = { LT: 'EUR', AU: 'AUD', GB: 'GBP', US: 'USD' };
const COLLECTION = '/collections/all';
/** pebble-beanie: 15% off in every market by the "Mitten season" discount. */
const DISCOUNTED_PRODUCT = '/products/pebble-beanie';
const BUNDLE = /\/assets\/knitfront\.js(\?|$)/;
/** What the page reports of the bundle held back. */
const BUNDLE_HELD_BACK = [
  /request failed: GET .*\/assets\/knitfront\.js.*ERR_FAILED/,
  /console error: Failed to load resource: net::ERR_FAILED/,
];

let shop;
before(async () => {
  shop = await openShop({ env: { KNITFRONT_DEV_CATALOGUE: 'stand-in' } });
});
after(() => shop?.close());

/** Text as a shopper reads it off a price, whatever the markup: with no white space. */
const squeeze = (text) => text.replace(/\s+/g, '');

/**
 * The prices the server printed with their markers, in the order of the page, read from the HTML
 * it sent: each <product-price>'s variant, placement, data-final-minor and the text inside it.
 */
function printedPrices(html) {
  const prices = [];
  for (const [, attributes, content] of html.matchAll(
    /<product-price\b([^>]*)>([\s\S]*?)<\/product-price>/g,
  )) {
    const attribute = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
    const finalMinor = attribute('data-final-minor');
    if (finalMinor === null) continue;
    prices.push({
      variant: attribute('variant_id'),
      type: attribute('type'),
      finalMinor: Number(finalMinor),
      text: squeeze(content.replace(/<[^>]*>/g, '').replaceAll('&amp;', '&')),
    });
  }
  return prices;
}

/** The prices the widgets show once every lookup has answered, with markers, in page order. */
async function widgetPrices(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('product-price[data-final-minor]')].every((p) => p.shownPrice),
  );
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    [...document.querySelectorAll('product-price[data-final-minor]')].map((p) => ({
      variant: p.getAttribute('variant_id'),
      type: p.getAttribute('type'),
      finalMinor: p.shownPrice.amount,
      currency: p.shownPrice.currency,
      text: p.textContent.replace(/\s+/g, ''),
    })),
  );
}

/** A new shopper in a country: the home page opened with ?country=, as a shopper's link does. */
async function shopperIn(country, options) {
  const page = await shop.newPage(options);
  await page.goto(shop.url(`/?country=${country}`));
  await page.waitForFunction(() => !new URL(window.location.href).searchParams.has('country'));
  return page;
}

/** The addresses of the collection's pages and of every product its cards link to. */
async function shopPages(page) {
  const pages = [COLLECTION];
  const products = new Set();
  for (let i = 0; i < pages.length; i++) {
    const html = await (await page.request.get(shop.url(pages[i]))).text();
    for (const [, handle] of html.matchAll(/href="(\/products\/[^"?#]+)/g)) products.add(handle);
    for (const [, next] of html.matchAll(/href="(\/collections\/all\?[^"]*page=\d+)"/g)) {
      const path = next.replaceAll('&amp;', '&').replace(/country=[A-Z]+&?/, '');
      if (!pages.includes(path)) pages.push(path);
    }
  }
  return [...pages, ...[...products].sort()];
}

test('in every market, every price the server printed is the price the widget finally shows', async () => {
  const page = await shopperIn('LT');
  const paths = await shopPages(page);
  await page.close();
  assert.ok(paths.length > 50, `the shop's pages: ${paths.length}`);

  for (const [country, currency] of Object.entries(MARKETS)) {
    const shopper = await shopperIn(country);
    let compared = 0;
    let discounted = 0;
    for (const path of paths) {
      const html = await (await shopper.request.get(shop.url(path))).text();
      const printed = printedPrices(html);
      assert.ok(printed.length > 0, `${country} ${path}: no price printed from the metafields`);
      await shopper.goto(shop.url(path));
      const shown = await widgetPrices(shopper);
      assert.equal(shown.length, printed.length, `${country} ${path}: prices on the page`);
      printed.forEach((expected, i) => {
        const where = `${country} ${path}, variant ${expected.variant} (${expected.type})`;
        assert.deepEqual(shown[i], { ...expected, currency }, where);
        if (expected.text.includes('off')) discounted++;
      });
      compared += printed.length;
    }
    assert.ok(discounted > 0, `${country}: no discounted price among the ${compared} compared`);
    await shopper.close();
  }
});

/**
 * Opens a page with the bundle's script held back, so that what shows is what the server
 * printed and the theme's stylesheet lets through.
 */
async function withoutBundle(page, path) {
  await page.route(BUNDLE, (route) => route.abort('failed'));
  await page.goto(shop.url(path));
  await page.addScriptTag({ content: boxOf.toString() });
  return page.evaluate(() =>
    [...document.querySelectorAll('product-price')].map((p) => ({
      marked: p.hasAttribute('data-final-minor'),
      visible: p.checkVisibility({ visibilityProperty: true }),
      text: p.textContent.replace(/\s+/g, ''),
      box: boxOf(p),
    })),
  );
}

/** Where an element is and how big, to the pixel: what must not change when the widget renders. */
function boxOf(element) {
  const { x, y, width, height } = element.getBoundingClientRect();
  return [x, y, width, height].map(Math.round);
}

test('a printed price is visible before the bundle runs, in the market currency only', async () => {
  for (const width of WIDTHS) {
    for (const path of [COLLECTION, DISCOUNTED_PRODUCT]) {
      const page = await shopperIn('GB', { width });
      const prices = await withoutBundle(page, path);
      const marked = prices.filter((price) => price.marked);
      assert.ok(marked.length > 0, `${path}: printed prices`);
      for (const price of marked) {
        assert.ok(price.visible, `${path} at ${width}: ${price.text} hidden`);
        assert.match(price.text, /^(Regularprice£[\d,]+Saleprice)?£[\d,]+(-\d+%off)?$/);
      }
      for (const price of prices.filter((p) => !p.marked)) {
        assert.ok(!price.visible, `${path} at ${width}: ${price.text} shown unmarked`);
      }
      await screenshot(page, `first-paint-${path === COLLECTION ? 'collection' : 'product'}`);
      await page.close({ allow: BUNDLE_HELD_BACK });

      // The widget's price takes the printed price's place and room exactly.
      const widget = await shopperIn('GB', { width });
      await widget.goto(shop.url(path));
      await widgetPrices(widget);
      await widget.addScriptTag({ content: boxOf.toString() });
      const boxes = await widget.evaluate(() =>
        [...document.querySelectorAll('product-price[data-final-minor]')].map(boxOf),
      );
      assert.deepEqual(
        boxes,
        marked.map((price) => price.box),
        `${path} at ${width}: the widget's prices' boxes`,
      );
      await widget.close();
    }
  }
});

test('a shopper who sees another currency waits for the widget, as before', async () => {
  const page = await shopperIn('GB');
  await page.evaluate(() => localStorage.setItem('displayCurrency', 'EUR'));
  const prices = await withoutBundle(page, COLLECTION);
  assert.ok(prices.length > 0);
  assert.deepEqual(
    prices.filter((price) => price.visible),
    [],
    'prices shown in pounds to a shopper who sees euros',
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
  const page = await shopperIn('LT');
  await servedAfterTheEnd(page);
  const [price] = await withoutBundle(page, DISCOUNTED_PRODUCT);
  assert.ok(price.marked && !price.visible, `${price.text} shown after its discount ended`);
  await page.close({ allow: BUNDLE_HELD_BACK });

  // With the bundle, the widget asks rather than believe it, and shows the API's answer.
  const fresh = await shopperIn('LT');
  await servedAfterTheEnd(fresh);
  await fresh.goto(shop.url(DISCOUNTED_PRODUCT));
  const [shown] = await widgetPrices(fresh);
  assert.equal(shown.text, 'Regularprice€35Saleprice€30-15%off');
  await fresh.close();
});

test('no layout shift when the widgets take the printed prices over, and what a shopper sees', async () => {
  for (const width of WIDTHS) {
    for (const [name, path] of [
      ['collection', COLLECTION],
      ['product', DISCOUNTED_PRODUCT],
    ]) {
      const page = await shopperIn('LT', { width });
      await page.addInitScript(recordPricesAndShifts);
      await page.goto(shop.url(path));
      await widgetPrices(page);
      const shifts = await page.evaluate(() => window.kfShifts);
      assert.deepEqual(shifts, [], `${name} at ${width}: layout shifts`);
      await screenshot(page, `first-paint-${name}-widget`);
      await page.close();
    }
  }
});
