// jQuery and CartJS on demand: a page without a cart action of the widgets downloads neither, and
// the first one (the recommendation card's Add to cart) loads them and adds its product. And the
// bundle's entry comes with modulepreload links for the chunks it imports, which ask V8 to compile
// them whole as they download.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { VISIBLE_ADD_TO_CART, openShop } from './harness.mjs';

const CART_LIBRARY = ['jquery.min.js', 'cart.min.js'];

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/** Records the names of the cart library's scripts the page requests, in order. */
function recordCartLibrary(page) {
  const requested = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    if (CART_LIBRARY.includes(name)) requested.push(name);
  });
  return requested;
}

test('a collection page requests neither jQuery nor CartJS', async () => {
  const page = await shop.newPage();
  const requested = recordCartLibrary(page);
  await page.goto(shop.url('/collections/all'), { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
  await page.waitForSelector('product-price .kf-price');

  assert.deepEqual(requested, []);
  assert.deepEqual(await page.evaluate(() => [typeof window.jQuery, typeof window.CartJS]), [
    'undefined',
    'undefined',
  ]);
  await page.close();
});

test("the recommendation card's Add to cart loads jQuery then CartJS and adds", async () => {
  const page = await shop.newPage();
  const requested = recordCartLibrary(page);
  await page.goto(shop.url('/products/pebble-beanie'));
  await page.click(VISIBLE_ADD_TO_CART);
  const card = 'cart-drawer cart-recommendation-card';
  await page.waitForSelector(`${card} .kf-reco`);
  assert.deepEqual(requested, [], 'the theme adds to the cart without them');

  const id = Number(await page.getAttribute(card, 'id'));
  await page.click(`${card} button:has-text("Add to cart")`);
  await page.waitForFunction(
    (id) => window.CartJS?.cart?.items?.some((item) => item.variant_id === id),
    id,
  );

  assert.deepEqual(requested, CART_LIBRARY);
  const cart = await page.evaluate(async () => (await fetch('/cart.js')).json());
  assert.equal(cart.items.find((item) => item.variant_id === id)?.quantity, 1);
  // The drawer hears CartJS's events once they are loaded: it shows the card's product.
  await page.waitForFunction(
    () => document.querySelectorAll('#CartDrawer-CartItems .cart-item').length === 2,
  );
  await page.close();
});

test("the entry's chunks are preloaded, at the URLs the entry imports them from", async () => {
  const page = await shop.newPage();
  const chunks = [];
  page.on('request', (request) => {
    if (/\/knitfront-shared-[^/]+\.js$/.test(new URL(request.url()).pathname)) {
      chunks.push(request.url());
    }
  });
  await page.goto(shop.url('/collections/all'));
  await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');

  const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
    links.map((link) => link.href),
  );
  assert.ok(preloaded.length > 0, 'no modulepreload link');
  // The entry imports exactly the chunks the links name, at the same URLs: no second download.
  assert.deepEqual([...chunks].sort(), [...preloaded].sort());
  await page.close();
});

test("the entry's chunks ask V8 to compile them whole as they download", async () => {
  const entry = await (await fetch(shop.url('/assets/knitfront.js'))).text();
  const chunks = [...entry.matchAll(/import"\.\/([^"]+\.js)"/g)].map((match) => match[1]);
  assert.ok(chunks.length > 0, `the entry imports no chunk: ${entry}`);
  for (const chunk of chunks) {
    const code = await (await fetch(shop.url(`/assets/${chunk}`))).text();
    assert.ok(code.startsWith('//# allFunctionsCalledOnLoad\n'), `${chunk} has no compile hint`);
  }
});
