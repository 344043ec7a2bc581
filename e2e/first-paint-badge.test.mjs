// The product picture's '-N% off' badge at first paint: with the demo catalogue synced from dev's
// Shopify stand-in, the sync writes each variant's automatic discount into its metafields, and the
// theme prints the badge from them by the rule it prints the price by
// (theme/snippets/knitfront-discount-now.liquid). These tests check that the badge every variant's
// page printed, in every market, is the badge the widget shows once it has looked the discount up
// itself, and the one it shows over the printed badge with no lookup; that the printed badge shows
// before the bundle runs; and that nothing on the page moves as the widget takes it over, or as a
// badge it does not believe (its discount ended by the shopper's clock) goes and comes back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { openShop, screenshot, WIDTHS } from './harness.mjs';
import { BUNDLE, BUNDLE_HELD_BACK, eachAtOnce, shopPages, shopperIn } from './first-paint-shop.mjs';
import { recordPricesAndShifts } from './page-metrics.mjs';

/** The markets and the currency each prints its prices in. */
const MARKETS = { LT: 'EUR', AU: 'AUD', GB: 'GBP', US: 'USD' };
const COLLECTION = '/collections/all';
/** pebble-beanie: 15% off in every market by the "Mitten season" discount. */
const DISCOUNTED_PRODUCT = '/products/pebble-beanie';
/** The markers of what the theme printed, which spare the widget its lookup. */
const MARKERS = ['data-final-minor', 'data-discount-minor', 'data-discount-ends-at'];

let shop;
before(async () => {
  shop = await openShop({ env: { KNITFRONT_DEV_CATALOGUE: 'stand-in' } });
});
after(() => shop?.close());

/** The badge each variant's page printed over its picture, as HTML. */
async function printedBadges(shopper, paths) {
  return eachAtOnce(paths, async (path) => {
    const html = await (await shopper.request.get(shop.url(path))).text();
    const badges = html.match(/<discount-badge\b[\s\S]*?<\/discount-badge>/g) ?? [];
    assert.equal(badges.length, 1, `${path}: the badges printed`);
    return badges[0];
  });
}

/**
 * Puts every printed badge on the page the shopper has open, with the bundle running, three times
 * over: as printed; without the markers and the printed badge, as a theme that prints nothing
 * gives it, so that the widget looks the discount up; and beside it a price widget of the same
 * variant without markers, whose lookup goes out in the same batch and which tells when it is
 * done (shownPrice). Returns what each printed badge read, before the widget rendered it.
 */
function putBadges({ badges, markers }) {
  const printed = new DOMParser().parseFromString(badges.join(''), 'text/html');
  const holder = document.createElement('div');
  holder.id = 'printed-badges';
  const expected = [];
  for (const badge of printed.querySelectorAll('discount-badge')) {
    const variant = badge.getAttribute('variant_id');
    expected.push({
      variant,
      automatic: badge.hasAttribute('data-discount-minor'),
      text: badge.textContent.trim(),
    });
    const asked = badge.cloneNode(false);
    for (const name of markers) asked.removeAttribute(name);
    asked.classList.add('asked');
    const price = document.createElement('product-price');
    for (const name of ['price', 'price_minor', 'compared_at', 'compared_at_minor', 'iso_code']) {
      if (badge.hasAttribute(name)) price.setAttribute(name, badge.getAttribute(name));
    }
    price.setAttribute('variant_id', variant);
    holder.append(document.adoptNode(badge), asked, price);
  }
  document.body.append(holder);
  return expected;
}

test('in every market, the badge every variant’s page printed is the badge the widget shows, with and without its own lookup', async () => {
  const page = await shopperIn(shop, 'LT');
  const paths = (await shopPages(shop, page)).filter((path) => path.includes('?variant='));
  await page.close();
  assert.ok(paths.length > 300, `the shop's variants: ${paths.length}`);

  for (const country of Object.keys(MARKETS)) {
    const shopper = await shopperIn(shop, country);
    const badges = await printedBadges(shopper, paths);
    await shopper.goto(shop.url(COLLECTION));
    const printed = await shopper.evaluate(putBadges, { badges, markers: MARKERS });
    await shopper.waitForFunction(
      () =>
        [...document.querySelectorAll('#printed-badges product-price')].every((p) => p.shownPrice),
      null,
      { timeout: 60_000 },
    );
    const shown = await shopper.evaluate(() => {
      const text = (selector) =>
        [...document.querySelectorAll(selector)].map((badge) => badge.textContent.trim());
      return {
        kept: text('#printed-badges discount-badge:not(.asked)'),
        asked: text('#printed-badges discount-badge.asked'),
      };
    });
    assert.equal(shown.kept.length, paths.length, `${country}: badges`);
    printed.forEach(({ variant, text }, i) => {
      const where = `${country}, variant ${variant}`;
      assert.equal(text, shown.asked[i], `${where}: printed, and shown after a lookup`);
      assert.equal(text, shown.kept[i], `${where}: printed, and shown over the printed badge`);
    });
    const automatic = printed.filter((badge) => badge.automatic && badge.text !== '');
    const was = printed.filter((badge) => !badge.automatic && badge.text !== '');
    assert.ok(automatic.length > 0, `${country}: no automatic discount's badge compared`);
    assert.ok(was.length > 0, `${country}: no "was" price's badge compared`);
    await shopper.close();
  }
});

/** Where an element is and how big, to the pixel: what must not change when the widget renders. */
function boxOf(element) {
  const { x, y, width, height } = element.getBoundingClientRect();
  return [x, y, width, height].map(Math.round);
}

/** What the product page shows of the badge and of the parts around it. */
function productPage() {
  const badge = document.querySelector('.product__media-badge discount-badge');
  const pill = badge.firstElementChild && getComputedStyle(badge.firstElementChild);
  return {
    badge: badge.checkVisibility({ visibilityProperty: true }) ? badge.innerText.trim() : null,
    badgeBox: boxOf(badge),
    look:
      pill &&
      ['fontSize', 'fontWeight', 'lineHeight', 'padding', 'borderRadius', 'color'].map(
        (property) => pill[property],
      ),
    around: ['.product__media-item--featured img', '.product__title', '.product__price'].map(
      (selector) => boxOf(document.querySelector(selector)),
    ),
  };
}

test('the printed badge shows before the bundle runs, and the widget’s takes its place with nothing moving', async () => {
  for (const width of WIDTHS) {
    const where = `the discounted product at ${width}`;
    const page = await shopperIn(shop, 'LT', { width });
    await page.route(BUNDLE, (route) => route.abort('failed'));
    await page.goto(shop.url(DISCOUNTED_PRODUCT));
    await page.addScriptTag({ content: `${boxOf}\n${productPage}` });
    const printed = await page.evaluate(() => productPage());
    assert.equal(printed.badge, '-15% off', where);
    await screenshot(page, 'first-paint-badge-product');
    await page.close({ allow: BUNDLE_HELD_BACK });

    const widget = await shopperIn(shop, 'LT', { width });
    await widget.addInitScript(recordPricesAndShifts);
    await widget.goto(shop.url(DISCOUNTED_PRODUCT));
    await widget.waitForFunction(() => document.querySelector('product-price')?.shownPrice);
    await widget.waitForFunction(() => document.querySelector('discount-badge .kf-badge'));
    await widget.addScriptTag({ content: `${boxOf}\n${productPage}` });
    assert.deepEqual(await widget.evaluate(() => productPage()), printed, where);
    assert.deepEqual(await widget.evaluate(() => window.kfShifts), [], `${where}: layout shifts`);
    await screenshot(widget, 'first-paint-badge-product-widget');
    await widget.close();
  }
});

/**
 * Serves the discounted product's page as a cache would after its discount's end: the markers of
 * every discount printed (the badge's, the price's) given an end that has passed.
 */
async function servedAfterTheEnd(page) {
  await page.route(shop.url(DISCOUNTED_PRODUCT), async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replaceAll(
      'data-discount-minor=',
      'data-discount-ends-at="2020-01-01T00:00:00Z" data-discount-minor=',
    );
    assert.match(html, /<discount-badge\b[^>]*data-discount-ends-at="2020/);
    await route.fulfill({ response, body: html });
  });
}

test('a printed badge whose discount has ended by the shopper’s clock waits for the widget’s lookup, with nothing moving', async () => {
  const page = await shopperIn(shop, 'LT');
  await servedAfterTheEnd(page);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/api\/automatic-discount/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(recordPricesAndShifts);
  await page.goto(shop.url(DISCOUNTED_PRODUCT));
  // While the lookup is held, the widget has taken the badge over and shows nothing.
  await page.waitForFunction(() => {
    const badge = document.querySelector('discount-badge');
    return badge.matches(':defined') && badge.innerHTML === '';
  });
  release();
  // The discount still runs: the lookup's answer shows.
  await page.waitForFunction(() => document.querySelector('discount-badge .kf-badge'));
  assert.equal(await page.locator('discount-badge').innerText(), '-15% off');
  assert.deepEqual(await page.evaluate(() => window.kfShifts), [], 'layout shifts');
  await page.close();
});

test('a shopper of another market, or a discount ended by the shopper’s clock, sees no printed badge before the bundle runs', async () => {
  const ended = await shopperIn(shop, 'LT');
  await servedAfterTheEnd(ended);
  await ended.route(BUNDLE, (route) => route.abort('failed'));
  await ended.goto(shop.url(DISCOUNTED_PRODUCT));
  await ended.addScriptTag({ content: `${boxOf}\n${productPage}` });
  assert.equal((await ended.evaluate(() => productPage())).badge, null, 'ended');
  await ended.close({ allow: BUNDLE_HELD_BACK });

  const elsewhere = await shopperIn(shop, 'GB');
  await elsewhere.evaluate(() => localStorage.setItem('marketCurrency', 'EUR'));
  await elsewhere.route(BUNDLE, (route) => route.abort('failed'));
  await elsewhere.goto(shop.url(DISCOUNTED_PRODUCT));
  await elsewhere.addScriptTag({ content: `${boxOf}\n${productPage}` });
  assert.equal((await elsewhere.evaluate(() => productPage())).badge, null, 'another market');
  await elsewhere.close({ allow: BUNDLE_HELD_BACK });
});
