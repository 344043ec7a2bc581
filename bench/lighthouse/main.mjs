// Measures the Lighthouse budget: the performance score of the dev storefront's
// product page is at least 95, and at most 3 points below the same page with the add-on removed.
//
// It starts two `bin/knitfront dev` (built by `make bench`), each with a fresh database: one as
// shipped, one with the theme setting knitfront_enabled off, which renders the same theme without
// the knitfront bundle and its placeholders (what a shop without the add-on serves). Lighthouse
// runs its default mobile audit, with simulated throttling, in Debian's Chromium, alternating
// between the two shops, and each score is the median of its runs. Exits non-zero over budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, startServer } from '../../e2e/harness.mjs';

const PAGE = '/products/oat-cable-sweater';
const RUNS = 5;
const MIN_SCORE = 95;
const MAX_POINTS_BELOW = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const shops = {
    'with the add-on': await startServer(),
    'without the add-on': await startServer({
      env: { KNITFRONT_DEV_THEME_SETTINGS: JSON.stringify({ knitfront_enabled: false }) },
    }),
  };
  const profile = mkdtempSync(join(tmpdir(), 'knitfront-lighthouse-chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: profile,
  });
  const scores = Object.fromEntries(Object.keys(shops).map((name) => [name, []]));
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [name, shop] of Object.entries(shops)) {
        const result = await lighthouse(shop.address + PAGE, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
        });
        const { score } = result.lhr.categories.performance;
        if (typeof score !== 'number') {
          throw new Error(`no score ${name}: ${result.lhr.runtimeError?.message ?? 'unknown'}`);
        }
        scores[name].push(Math.round(score * 100));
      }
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    await Promise.all(Object.values(shops).map((shop) => shop.stop()));
  }

  const withAddOn = median(scores['with the add-on']);
  const without = median(scores['without the add-on']);
  const below = without - withAddOn;
  const ok = withAddOn >= MIN_SCORE && below <= MAX_POINTS_BELOW;
  for (const [name, runs] of Object.entries(scores)) {
    console.log(`lighthouse ${PAGE} ${name}: median ${median(runs)} of runs ${runs.join(', ')}`);
  }
  console.log(
    `lighthouse performance: ${withAddOn} (budget at least ${MIN_SCORE}, ratio ` +
      `${(withAddOn / MIN_SCORE).toFixed(2)}), ${below} point(s) below the page without the ` +
      `add-on (budget at most ${MAX_POINTS_BELOW}) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error('bench/lighthouse:', error);
  process.exit(2);
});
