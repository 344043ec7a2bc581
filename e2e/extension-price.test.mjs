// The app extension's price block in a theme that is not the knitfront theme: the test theme of
// the dev storefront (internal/storefront/testdata/os2-theme) with the block placed on its product
// page, rendered by `knitfront dev --theme` with the app embed on and the demo catalogue synced
// from dev's Shopify stand-in (so the metafields are there, as on Shopify). Before the bundle runs,
// the price shows the final price the block printed, in the currency the shopper sees, converted
// with the printed rates; the widget then shows the same text.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { BUNDLE, BUNDLE_HELD_BACK } from './first-paint-shop.mjs';
import { openShop, repoRoot, screenshot, WIDTHS } from './harness.mjs';
import { recordPricesAndShifts } from './page-metrics.mjs';

/** pebble-beanie: 15% off in every market by the "Mitten season" discount. */
const PRODUCT = '/products/pebble-beanie';
/** What the page reports of the bundle held back: the embed imports it once the page has loaded. */
const EMBED_BUNDLE_HELD_BACK = [
  ...BUNDLE_HELD_BACK,
  /uncaught: Failed to fetch dynamically imported module: .*\/assets\/knitfront\.js/,
];
const PRICE = '.app product-price';

/** The shoppers: a market's own currency, and display currencies other than the market's. */
const SHOPPERS = [
  { country: 'GB', currency: null, shows: '£' },
  { country: 'LT', currency: 'USD', shows: '$' },
  { country: 'AU', currency: 'EUR', shows: '€' },
];

let themeDir;
let shop;
before(async () => {
  themeDir = mkdtempSync(join(tmpdir(), 'knitfront-os2-theme-'));
  cpSync(join(repoRoot, 'internal/storefront/testdata/os2-theme'), themeDir, { recursive: true });
  const templatePath = join(themeDir, 'templates/product.json');
  const template = JSON.parse(readFileSync(templatePath, 'utf8'));
  const main = template.sections.main;
  main.blocks['knitfront-price'] = {
    type: 'shopify://apps/knitfront/blocks/price/7d0c5e1a-2f4b-4f7e-9c1d-1b2a3c4d5e6f',
    settings: {},
  };
  main.block_order.unshift('knitfront-price');
  writeFileSync(templatePath, JSON.stringify(template));
  shop = await openShop({
    env: { KNITFRONT_DEV_THEME: themeDir, KNITFRONT_DEV_CATALOGUE: 'stand-in' },
  });
});
after(async () => {
  await shop?.close();
  if (themeDir) rmSync(themeDir, { recursive: true, force: true });
});

/** A new shopper in a country, who chose to see prices in a currency (null: the market's). */
async function shopperSeeing(country, currency, width) {
  const page = await shop.newPage({ width });
  await page.goto(shop.url(`${PRODUCT}?country=${country}`));
  // The embed starts the bundle once the page has loaded; the market store writes what it keeps
  // as the bundle's requests (the rates) answer, so the choice is stored once they have.
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.knitfront === 'loaded' &&
      !new URL(window.location.href).searchParams.has('country'),
  );
  await page.waitForLoadState('networkidle');
  if (currency) await page.evaluate((c) => localStorage.setItem('displayCurrency', c), currency);
  return page;
}

/** The price block's text as a shopper reads it, and whether it shows. */
function priceShown(selector) {
  const price = document.querySelector(selector);
  return {
    visible: price.checkVisibility({ visibilityProperty: true }),
    text: price.innerText.replace(/\s+/g, ''),
  };
}

test("the extension's price block prints the final price in the shopper's display currency, as the widget shows it", async () => {
  for (const { country, currency, shows } of SHOPPERS) {
    for (const width of WIDTHS) {
      const where = `${country} in ${currency ?? 'its currency'} at ${width}`;
      const page = await shopperSeeing(country, currency, width);
      await page.route(BUNDLE, (route) => route.abort('failed'));
      await page.goto(shop.url(PRODUCT));
      const printed = await page.evaluate(priceShown, PRICE);
      assert.ok(printed.visible, `${where}: the printed price is hidden`);
      assert.match(
        printed.text,
        new RegExp(`^Regularprice\\${shows}\\d+Saleprice\\${shows}\\d+-15%off$`),
        where,
      );
      await screenshot(page, `extension-price${currency ? `-${currency}` : ''}`, {
        fullPage: false,
      });
      await page.close({ allow: EMBED_BUNDLE_HELD_BACK });

      const widget = await shopperSeeing(country, currency, width);
      await widget.addInitScript(recordPricesAndShifts);
      await widget.goto(shop.url(PRODUCT));
      await widget.waitForFunction(
        (s) => document.querySelector(`${s} > .kf-price[data-state=ready]`),
        PRICE,
      );
      await widget.waitForLoadState('networkidle');
      const shown = await widget.evaluate(priceShown, PRICE);
      assert.deepEqual(shown, printed, `${where}: the widget's price`);
      await widget.close();
    }
  }
});

test("a shopper of another market than the page's sees no printed price before the widget's", async () => {
  const page = await shopperSeeing('GB', null, WIDTHS[0]);
  await page.evaluate(() => localStorage.setItem('marketCurrency', 'EUR'));
  await page.route(BUNDLE, (route) => route.abort('failed'));
  await page.goto(shop.url(PRODUCT));
  const printed = await page.evaluate(priceShown, PRICE);
  assert.equal(
    printed.visible,
    false,
    `shown in pounds to a shopper of the euro market: ${printed.text}`,
  );
  await page.close({ allow: EMBED_BUNDLE_HELD_BACK });
});
