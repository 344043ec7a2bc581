// What the first-paint browser tests share: a shopper opened in a country, the bundle held back so
// that what shows is what the server printed, and the addresses of every page that prints a price.
import { openInCountry } from './harness.mjs';

/** The bundle's entry, which a test holds back to see the page as the server printed it. */
export const BUNDLE = /\/assets\/knitfront\.js(\?|$)/;
/** What the page reports of the bundle held back (page.close's allow list). */
export const BUNDLE_HELD_BACK = [
  /request failed: GET .*\/assets\/knitfront\.js.*ERR_FAILED/,
  /console error: Failed to load resource: net::ERR_FAILED/,
];
const COLLECTION = '/collections/all';
/** How many pages a test asks the server for at once. */
const FETCHES_AT_ONCE = 8;

/** A new shopper in a country: the home page opened with ?country=, as a shopper's link does. */
export async function shopperIn(shop, country, options) {
  const page = await shop.newPage(options);
  await openInCountry(page, shop, country);
  return page;
}

/** Runs work on every item, a few at a time, and gives the results in the items' order. */
export async function eachAtOnce(items, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker));
  return results;
}

/**
 * The addresses of the collection's pages and of every variant's page of every product its cards
 * link to (the product page prints the price of the variant in its address).
 */
export async function shopPages(shop, page) {
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
  const variantPages = await eachAtOnce([...products].sort(), async (product) => {
    const { variants } = await (await page.request.get(shop.url(`${product}.js`))).json();
    return variants.map((variant) => `${product}?variant=${variant.id}`);
  });
  return [...pages, ...variantPages.flat()];
}
