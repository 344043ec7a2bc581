// The collection and product pages as a phone on a mobile network loads them, with the add-on and
// without it, and a variant change on the product page at 4× CPU.
import { openPhone } from './phone.mjs';
import { readWhatShows, recordWhatShows, waitUntilPainted } from './shown.mjs';

/** A wait on the page: generous, since CI is a loaded 2-core machine and the page is throttled. */
const WAIT_MS = 90_000;

/** The first paint of the page, in milliseconds from the start of navigation. */
async function firstPaint(page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0, null, {
    timeout: WAIT_MS,
  });
  return page.evaluate(() => performance.getEntriesByName('first-paint')[0].startTime);
}

/**
 * Waits until the page has settled with the add-on: every price widget shows a ready price, the
 * buy button (on a product page) its price, no request has been made for 500 ms (the discount
 * lookups have answered, so any correction is on the page) and all of that has been painted.
 */
async function settled(page, { buyButton }) {
  await page.waitForFunction(
    () => {
      const prices = [...document.querySelectorAll('product-price')];
      return (
        prices.length > 0 &&
        prices.every((price) => price.querySelector(':scope > .kf-price[data-state=ready]'))
      );
    },
    null,
    { timeout: WAIT_MS },
  );
  if (buyButton) {
    await page.waitForFunction(() => window.kfShown.button.text !== null, null, {
      timeout: WAIT_MS,
    });
  }
  await page.waitForLoadState('networkidle', { timeout: WAIT_MS });
  await waitUntilPainted(page, WAIT_MS);
}

/**
 * Loads a page on a new throttled phone and records what shows on it, with the add-on or without
 * (the theme prints the same prices either way, and both loads run the same recorder, so their
 * paints compare alike): the first paint, when every price showed as it finally reads, when those
 * on the first screen did, and on a product page with the add-on when the buy button did.
 */
export async function loadOnPhone(address, path, { withAddOn, buyButton = false }) {
  const phone = await openPhone({ slowNetwork: true });
  try {
    const { page } = phone;
    await page.addInitScript(recordWhatShows);
    await page.goto(address + path, { waitUntil: 'commit', timeout: WAIT_MS });
    const paint = await firstPaint(page);
    if (withAddOn) {
      await settled(page, { buyButton });
    } else {
      await page.waitForLoadState('networkidle', { timeout: WAIT_MS });
      await waitUntilPainted(page, WAIT_MS);
    }
    return { firstPaint: paint, ...(await readWhatShows(page)) };
  } finally {
    await phone.close();
  }
}

/**
 * Changes the variant on a product page at 4× CPU (the network as it is: the theme asks the server
 * for the section of the new variant) by a click on an option, and measures the time from the
 * click to the frame that shows the buy button's new price, and to the one that showed the
 * product's price widget's (null when it did not change).
 */
export async function changeVariantOnPhone(address, { path, option }) {
  const phone = await openPhone({ slowNetwork: false });
  try {
    const { page } = phone;
    await page.addInitScript(recordWhatShows);
    await page.goto(address + path, { timeout: WAIT_MS });
    await settled(page, { buyButton: true });
    const before = await page.evaluate(() => window.kfShown.button.text);
    await page.evaluate(() => {
      window.kfClickedAt = null;
      document.addEventListener(
        'click',
        (event) => {
          window.kfClickedAt = event.timeStamp;
        },
        { capture: true, once: true },
      );
    });
    await page.click(option, { timeout: WAIT_MS });
    await page.waitForFunction(
      (old) => {
        const { button, unpainted } = window.kfShown;
        return button.text !== null && button.text !== old && unpainted === 0;
      },
      before,
      { timeout: WAIT_MS },
    );
    const { after, clickedAt, buttonAt, priceAt } = await page.evaluate(() => {
      const price = document.querySelector('product-price[type=ProductDetailsPagePrice]');
      return {
        after: window.kfShown.button.text,
        clickedAt: window.kfClickedAt,
        buttonAt: window.kfShown.button.paintedAt,
        priceAt: window.kfShown.prices.get(price)?.paintedAt ?? null,
      };
    });
    const priceMs = priceAt !== null && priceAt > clickedAt ? priceAt - clickedAt : null;
    return { before, after, ms: buttonAt - clickedAt, priceMs };
  } finally {
    await phone.close();
  }
}
