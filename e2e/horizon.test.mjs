// Horizon, Shopify's current reference theme, rendered unmodified by `knitfront dev --theme` with
// the knitfront app embed on: each shopper page answers, logs no script error and shows what a
// shopper looks for, at both widths. Horizon is not part of the repository, so these tests run
// only when KNITFRONT_TEST_HORIZON names a folder holding it (Horizon 4.1.3 is the bar), and are
// skipped otherwise:
//   KNITFRONT_TEST_HORIZON=path/to/horizon node --test e2e/horizon.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openShop, WIDTHS } from './harness.mjs';

const horizon = process.env.KNITFRONT_TEST_HORIZON;

/** Horizon's product card, and a price it prints (snippets/price.liquid: a sale's or a regular one). */
const CARD = 'product-card';
const PRICE = '.price';

/**
 * Each page, its status, and what must show on it: on product pages the product's title, on
 * lists the cards' titles, and a price wherever products are.
 */
const PAGES = [
  { name: 'home', path: '/', status: 200, shows: [CARD, PRICE] },
  {
    name: 'collection',
    path: '/collections/all',
    status: 200,
    shows: [CARD, PRICE],
  },
  {
    name: 'product',
    path: '/products/oat-cable-sweater',
    status: 200,
    title: 'Oat Cable Sweater',
    shows: [PRICE],
  },
  {
    name: 'pre-order product',
    path: '/products/snowfall-yoke-sweater',
    status: 200,
    title: 'Snowfall Yoke Sweater',
    shows: [PRICE],
  },
  {
    name: 'search',
    path: '/search?q=sweater',
    status: 200,
    shows: [CARD, PRICE],
  },
  { name: 'cart', path: '/cart', status: 200, shows: ['main'] },
  { name: '404', path: '/no-such-page', status: 404, shows: ['main'] },
];

describe(
  'Horizon with the knitfront app embed',
  { skip: !horizon && 'KNITFRONT_TEST_HORIZON is not set' },
  () => {
    let shop;
    before(async () => {
      shop = await openShop({ env: { KNITFRONT_DEV_THEME: horizon } });
    });
    after(() => shop?.close());

    for (const { name, path, status, title, shows } of PAGES) {
      for (const width of WIDTHS) {
        test(`the ${name} page at ${width} px`, async () => {
          const page = await shop.newPage({ width });
          const response = await page.goto(shop.url(path));
          assert.equal(response.status(), status);
          await page.waitForLoadState('load');
          for (const selector of shows) {
            await page.locator(selector).first().waitFor({ state: 'attached' });
          }
          if (shows.includes(PRICE)) {
            assert.match(await page.locator(PRICE).first().textContent(), /\d/);
          }
          if (shows.includes(CARD)) {
            // A card shows its product's title.
            assert.match(await page.locator(CARD).first().textContent(), /\p{L}{3}/u);
          }
          if (title) {
            assert.match(await page.locator('main').innerText(), new RegExp(title));
          }
          const html = await page.content();
          assert.doesNotMatch(html, /Liquid error/, 'the page shows a Liquid error');
          await shop.screenshot(page, `horizon-${name.replaceAll(' ', '-')}`);
          // The page's 404 answer is the one the test asked for.
          await page.close({
            allow: status === 404 ? [/HTTP 404: GET .*no-such-page/, /status of 404/] : [],
          });
        });
      }
    }
  },
);
