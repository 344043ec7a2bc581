// The whole Shopify loop on one machine: `knitfront dev` syncs the demo catalogue from its own
// Shopify stand-in, and a change a merchant makes there (a price, a discount ended, a variant sold
// out) comes back as a signed webhook, is kept in the inbox, applied by the worker, and reaches the
// product page a shopper opens within 2 s of the change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { openShop } from './harness.mjs';

/** How soon after a change in Shopify a shopper sees it. */
const CHANGE_SHOWN_WITHIN_MS = 2000;

// pebble-beanie, Oat: €35 in Lithuania (a new shopper's market), 15% off by the "Mitten season"
// discount on hats and mittens.
const BEANIE = { handle: 'pebble-beanie', variant: 45123456003501 };
const MITTEN_SEASON = 1123456000001;
const PRODUCT_PRICE = 'product-price[type=ProductDetailsPagePrice]';
/** What the server logs once its worker has applied the shop's webhooks. */
const APPLIED = `"msg":"shop's webhooks applied"`;

let shop;
before(async () => {
  shop = await openShop({ env: { KNITFRONT_DEV_CATALOGUE: 'stand-in' } });
});
after(() => shop?.close());

/**
 * A new shopper on the beanie's page. Routing the page's requests turns its HTTP cache off, so each
 * visit reads the API afresh, as a shopper who comes after the change does (the API's answers may
 * be cached for a minute, as a CDN would). The pictures, which no price waits for, come as one
 * small drawing, to keep each visit short.
 */
async function beaniePage() {
  const page = await shop.newPage();
  await page.route('**/demo-images/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    }),
  );
  return page;
}

/**
 * Opens the beanie's page and returns what the product page shows once its price has shown. The
 * next visit may cut the page's later requests short: the page is closed allowing for that.
 */
async function shown(page) {
  await page.goto(shop.url(`/products/${BEANIE.handle}?variant=${BEANIE.variant}`));
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.shownPrice,
    PRODUCT_PRICE,
  );
  return page.evaluate((selector) => {
    const button = document.querySelector('button[id^="ProductSubmitButton-"]');
    return {
      price: document.querySelector(selector).shownPrice.formatted,
      soldOut: button.disabled,
    };
  }, PRODUCT_PRICE);
}

/**
 * Makes a change in the stand-in, waits for the server to log that it applied the shop's webhook,
 * and opens the page again until it shows what expected says; gives the time from the change to
 * the page showing it, failing once CHANGE_SHOWN_WITHIN_MS have passed since the change. Opening
 * the page only once the change is applied keeps a visit that began before the change was in the
 * database out of the figure: otherwise the figure is one or two page loads, as it happens.
 */
async function changeReachesThePage(page, change, expected) {
  const logged = shop.log().length;
  const changedAt = Date.now();
  const answer = await page.request.post(shop.url('/admin/dev/changes'), { data: change });
  assert.equal(answer.status(), 200, `the change answered ${answer.status()}`);
  while (!shop.log().slice(logged).includes(APPLIED)) {
    assert.ok(
      Date.now() - changedAt < CHANGE_SHOWN_WITHIN_MS,
      `${JSON.stringify(change)}: not applied ${CHANGE_SHOWN_WITHIN_MS} ms after the change`,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let last;
  while (Date.now() - changedAt < CHANGE_SHOWN_WITHIN_MS) {
    last = await shown(page);
    if (expected(last)) return Date.now() - changedAt;
  }
  assert.fail(
    `${JSON.stringify(change)}: the page still showed ${JSON.stringify(last)} ${CHANGE_SHOWN_WITHIN_MS} ms after the change`,
  );
}

test('a change in the stand-in reaches the product page within 2 s', async (t) => {
  const page = await beaniePage();
  assert.deepEqual(await shown(page), { price: '€30', soldOut: false }, '€35 less 15%, rounded');

  // €40 less 15% is €34.
  const priced = await changeReachesThePage(
    page,
    { change: 'price', variant: BEANIE.variant, market: 'LT', price: 40 },
    (view) => view.price === '€34',
  );
  const ended = await changeReachesThePage(
    page,
    { change: 'end-discount', discount: MITTEN_SEASON },
    (view) => view.price === '€40',
  );
  const soldOut = await changeReachesThePage(
    page,
    { change: 'sell-out', variant: BEANIE.variant },
    (view) => view.soldOut,
  );
  for (const [what, ms] of Object.entries({ priced, ended, soldOut })) {
    t.diagnostic(`${what}: shown ${ms} ms after the change`);
    assert.ok(ms < CHANGE_SHOWN_WITHIN_MS, `${what}: shown after ${ms} ms`);
  }
  await page.close({ allow: [/request failed: .* \(net::ERR_ABORTED\)/] });
});
