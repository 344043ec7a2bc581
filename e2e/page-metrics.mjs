// What the browser tests and the page benchmark (bench/page) measure on a page of the dev
// storefront: when every price is ready, which layout shifts happened, and the discount requests
// a collection page makes.

/** The budget of a collection page: one discount request for its 48 cards, every price
 * shown within 300 ms of DOMContentLoaded. */
export const COLLECTION_CARDS = 48;
export const COLLECTION_DISCOUNT_REQUESTS = 1;
export const PRICES_READY_BUDGET_MS = 300;

const DISCOUNT_PATH = '/api/automatic-discount';

/**
 * Installed before the page's own scripts (page.addInitScript): records performance.now() when
 * every product-price first shows a ready price (after parsing, when the bundle has run), and each
 * layout shift with the elements it moved.
 */
export function recordPricesAndShifts() {
  window.kfAllPricesReadyAt = null;
  const check = () => {
    if (window.kfAllPricesReadyAt !== null || document.readyState === 'loading') return;
    const prices = document.querySelectorAll('product-price');
    if (prices.length === 0) return;
    for (const price of prices) {
      if (!price.querySelector(':scope > .kf-price[data-state=ready]')) return;
    }
    window.kfAllPricesReadyAt = performance.now();
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
  });

  window.kfShifts = [];
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) {
      if (shift.hadRecentInput) continue;
      window.kfShifts.push({
        value: shift.value,
        at: Math.round(shift.startTime),
        moved: shift.sources.map((source) => ({
          node:
            source.node instanceof Element
              ? source.node.outerHTML.slice(0, 80).replace(/\s+/g, ' ')
              : String(source.node?.nodeName),
          from: [source.previousRect.x, source.previousRect.y, source.previousRect.width],
          to: [source.currentRect.x, source.currentRect.y, source.currentRect.width],
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The discount requests a page makes from now on, as path and query. */
export function discountRequests(page) {
  const requests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(DISCOUNT_PATH)) requests.push(url.pathname + url.search);
  });
  return requests;
}

/**
 * Loads /collections/all as a new shopper at a width and measures it: how many cards it has, the
 * discount requests it made, and how long after the start of DOMContentLoaded every price was
 * ready (the bundle has run by then, a module script running before it, and the theme's own
 * DOMContentLoaded listeners count against the budget).
 */
export async function measureCollectionPage(shop, width) {
  const page = await shop.newPage({ width });
  await page.addInitScript(recordPricesAndShifts);
  const requests = discountRequests(page);
  await page.goto(shop.url('/collections/all'));
  await page.waitForFunction(() => window.kfAllPricesReadyAt !== null);
  await page.waitForLoadState('networkidle');
  const { cards, readyAfterMs } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation');
    return {
      cards: document.querySelectorAll('.card product-price').length,
      readyAfterMs: window.kfAllPricesReadyAt - navigation.domContentLoadedEventStart,
    };
  });
  await page.close();
  return { cards, discountRequests: requests, readyAfterMs };
}
