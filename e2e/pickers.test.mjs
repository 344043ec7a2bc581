// The colour and size pickers in a browser: the widgets take over the theme's pickers, mark the
// variants not on sale from the API (one request a page), follow the variant the theme's picker
// selects in place, and slide the selected colour into view.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { WIDTHS, openShop } from './harness.mjs';

const BEANIE_ROSE = '45123456003504';

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/** Opens a product page, counting its requests for the variants on sale. */
async function openProduct(width, path) {
  const page = await shop.newPage({ width });
  page.variantLookups = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/products/get-available-variant-ids')) page.variantLookups++;
  });
  await page.goto(shop.url(path));
  return page;
}

/** The links of a picker: label, whether selected, whether marked not on sale. */
function pickerLinks(page, picker) {
  return page.$$eval(`${picker} a`, (links) =>
    links.map((link) => ({
      name: link.title || link.firstChild.textContent,
      current: link.getAttribute('aria-current') === 'true',
      unavailable: /--unavailable\b/.test(link.className),
    })),
  );
}

describe('the pickers', () => {
  for (const width of WIDTHS) {
    test(`mark the colours not on sale, asking the API once, at ${width} px`, async () => {
      const page = await openProduct(width, '/products/pebble-beanie');
      // The widget's own text for a colour not on sale shows it has taken over.
      await page.waitForSelector('colour-picker a[title="Rose"] .kf-visually-hidden');

      assert.deepEqual(await pickerLinks(page, 'colour-picker'), [
        { name: 'Oat', current: true, unavailable: false },
        { name: 'Charcoal', current: false, unavailable: false },
        { name: 'Sage', current: false, unavailable: false },
        { name: 'Rose', current: false, unavailable: true },
      ]);
      assert.equal(
        await page.getAttribute('colour-picker a[title="Oat"] img', 'src'),
        '/demo-images/products/hat-oat.svg',
      );
      assert.equal(page.variantLookups, 1);
      await shop.screenshot(page, 'pickers-colour');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await page.close();
    });

    test(`follow the variant selected in place and mark its sizes, at ${width} px`, async () => {
      const page = await openProduct(width, '/products/oat-cable-sweater');
      await page.waitForSelector('colour-picker a[aria-current="true"][title="Oat"]');
      await page.evaluate(() => (window.samePage = true));

      await page.click('colour-picker a[title="Charcoal"]');

      await page.waitForSelector('colour-picker a[aria-current="true"][title="Charcoal"]');
      await page.waitForSelector('size-picker a.size-pill--unavailable');
      assert.equal(await page.evaluate(() => window.samePage), true, 'the page stayed');
      assert.equal(await page.textContent('.product__variants .form__label-value'), 'Charcoal');
      const sizes = await pickerLinks(page, 'size-picker');
      assert.deepEqual(
        sizes.map((size) => size.name),
        ['XS', 'S', 'M', 'L', 'XL'],
      );
      assert.deepEqual(
        sizes.filter((size) => size.unavailable).map((size) => size.name),
        ['XS', 'XL'],
      );
      assert.ok(
        await page.isVisible('size-picker a:has-text("XS") .kf-visually-hidden'),
        'the pill says it is sold out to assistive technology',
      );
      assert.equal(page.variantLookups, 1, 'the variants on sale are fetched once a page');
      await shop.screenshot(page, 'pickers-size');

      await page.click('size-picker a:has-text("M")');
      await page.waitForSelector('size-picker a[aria-current="true"]:has-text("M")');
      assert.equal(await page.inputValue('product-form input[name="id"]'), '45123456000113');
      await page.close();
    });
  }

  test('slide the selected colour into view in a row too narrow for all', async () => {
    const page = await shop.newPage({ width: 390 });
    // A row two pictures wide, from the first paint on.
    await page.route('**/products/pebble-beanie*', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</head>',
        '<style>.colour-picker__list{width:130px;margin:0;padding:0}</style></head>',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(shop.url(`/products/pebble-beanie?variant=${BEANIE_ROSE}`));

    // Rose is the last colour: the row slides (smoothly) to its end.
    await page.waitForFunction(() => {
      const row = document.querySelector('colour-picker .colour-picker__list');
      return row.scrollLeft > 0 && row.scrollLeft >= row.scrollWidth - row.clientWidth - 1;
    });
    const [list, rose] = await Promise.all([
      page.$eval('colour-picker .colour-picker__list', (el) => el.getBoundingClientRect().toJSON()),
      page.$eval('colour-picker a[title="Rose"]', (el) => el.getBoundingClientRect().toJSON()),
    ]);
    assert.ok(
      rose.left >= list.left - 1 && rose.right <= list.right + 1,
      `Rose (${rose.left}–${rose.right}) shows within the row (${list.left}–${list.right})`,
    );
    await page.close();
  });
});
