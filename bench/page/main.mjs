// Measures the collection page budget on `knitfront dev` (built by `make bench`): a
// page of 48 cards makes one discount request in all, and shows every price within 300 ms of
// DOMContentLoaded. It loads the page as a new shopper several times at each width in Debian's
// Chromium and prints the worst request count and the median and worst time, as ratios to the
// budget. Exits non-zero over budget.
import { WIDTHS, openShop } from '../../e2e/harness.mjs';
import {
  COLLECTION_CARDS,
  COLLECTION_DISCOUNT_REQUESTS,
  PRICES_READY_BUDGET_MS,
  measureCollectionPage,
} from '../../e2e/page-metrics.mjs';

const RUNS = 7;

const shop = await openShop();
let over = false;
try {
  for (const width of WIDTHS) {
    const times = [];
    let mostRequests = 0;
    for (let run = 0; run < RUNS; run++) {
      const { cards, discountRequests, readyAfterMs } = await measureCollectionPage(shop, width);
      if (cards !== COLLECTION_CARDS) throw new Error(`${cards} cards, not ${COLLECTION_CARDS}`);
      mostRequests = Math.max(mostRequests, discountRequests.length);
      times.push(readyAfterMs);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const worst = times.at(-1);
    const ok = mostRequests <= COLLECTION_DISCOUNT_REQUESTS && worst <= PRICES_READY_BUDGET_MS;
    over ||= !ok;
    console.log(
      `collection page of ${COLLECTION_CARDS} cards at ${width} px, ${RUNS} loads: ` +
        `${mostRequests} discount request(s) at most (budget ${COLLECTION_DISCOUNT_REQUESTS}); ` +
        `every price ready ${median.toFixed(0)} ms after DOMContentLoaded at the median, ` +
        `${worst.toFixed(0)} ms at worst (budget ${PRICES_READY_BUDGET_MS} ms, ratio ` +
        `${(worst / PRICES_READY_BUDGET_MS).toFixed(2)}) ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
} finally {
  await shop.close();
}
process.exit(over ? 1 : 0);
