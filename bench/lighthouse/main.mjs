// Measures the Lighthouse budgets: on each of the home, collection, product, cart and knitters
// pages of the dev storefront, the performance score with the add-on is at most 2 points below
// the same page without it; and the product page scores at least 95.
//
// It starts two `bin/knitfront dev` (built by `make bench`), each with a fresh database and the
// demo catalogue synced from dev's Shopify stand-in (so the theme prints the final prices from the
// metafields, as on Shopify): one as shipped, one with the theme setting knitfront_enabled off,
// which renders the same theme without the knitfront bundle and its placeholders (what a shop
// without the add-on serves). Lighthouse runs its default mobile audit, with simulated throttling,
// in Debian's Chromium, alternating between the two shops, and each score is the median of its
// runs (--runs, 5 unless told). The cart page is audited with an item in the cart: one is added
// through /cart/add.js in each shop first, and its cookie sent with every request of the audit as
// a header (Lighthouse clears the origin's cookies before each audit, so one stored in the
// browser's profile would be gone).
//
// With KNITFRONT_TEST_DAWN naming a Dawn 15.4.1 folder (as for the Dawn browser tests), it also
// audits Dawn's product page rendered by `knitfront dev --theme`, with the knitfront app embed
// on against a copy of the folder whose settings turn the embed off, the way a merchant does:
// at most 3 points apart; --dawn-only audits Dawn's product page alone. --reports DIR writes each
// audit's full report there as JSON (what costs the points: its metrics, requests and tasks).
// Exits non-zero over budget.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, startServer } from '../../e2e/harness.mjs';

const PRODUCT = '/products/oat-cable-sweater';
const PAGES = ['/', '/collections/all', PRODUCT, '/cart', '/pages/knitters'];
const CART = '/cart';
const ITEM = { id: 45123456000101, quantity: 1 };
const MIN_PRODUCT_SCORE = 95;
const MAX_POINTS_BELOW = 2;
const DAWN = process.env.KNITFRONT_TEST_DAWN;
const DAWN_MAX_POINTS_APART = 3;
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'dawn-only': { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs ${options.runs}: not a count`);
const DAWN_ONLY = options['dawn-only'];
if (DAWN_ONLY && !DAWN) throw new Error('--dawn-only: KNITFRONT_TEST_DAWN names no Dawn folder');
const REPORTS = options.reports;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Adds an item to a new cart of the shop; returns the Cookie header that names the cart. */
async function cartWithItem(address) {
  const response = await fetch(address + '/cart/add.js', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ITEM),
  });
  if (!response.ok) throw new Error(`POST /cart/add.js: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (!cookies.some((cookie) => cookie.startsWith('cart='))) {
    throw new Error(`POST /cart/add.js set no cart cookie: ${cookies.join('; ')}`);
  }
  return cookies.join('; ');
}

/**
 * The performance score of one audit, 0 to 100; with --reports, its report is written there as
 * <report>.json (unless report is null).
 */
async function score(chrome, address, path, cartCookie, report) {
  const result = await lighthouse(address + path, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    ...(path === CART && { extraHeaders: { Cookie: cartCookie } }),
  });
  if (REPORTS && report) writeFileSync(join(REPORTS, `${report}.json`), JSON.stringify(result.lhr));
  const { score: value } = result.lhr.categories.performance;
  if (typeof value !== 'number') {
    throw new Error(`no score for ${path}: ${result.lhr.runtimeError?.message ?? 'unknown'}`);
  }
  return Math.round(value * 100);
}

/**
 * A copy of the Dawn folder whose settings turn the knitfront app embed off, as a merchant does in
 * the theme editor (the embed's block in settings_data.json, disabled); the caller removes it.
 */
function dawnWithoutEmbed(dawn) {
  const copy = mkdtempSync(join(tmpdir(), 'knitfront-lighthouse-dawn-'));
  cpSync(dawn, copy, { recursive: true });
  const file = join(copy, 'config', 'settings_data.json');
  const settings = JSON.parse(readFileSync(file, 'utf8'));
  const current =
    typeof settings.current === 'string' ? settings.presets[settings.current] : settings.current;
  current.blocks = {
    ...current.blocks,
    knitfront: {
      type: 'shopify://apps/knitfront/blocks/knitfront-embed/00000000-0000-0000-0000-000000000000',
      disabled: true,
    },
  };
  writeFileSync(file, JSON.stringify(settings));
  return copy;
}

/**
 * Audits each page of the two shops, alternating which goes first, after one unscored audit of
 * each; returns each page's scores.
 * The cart page is audited with an item in each shop's cart. Reports are named after the label,
 * the page, the shop and the run.
 */
async function audit(chrome, shops, pages, label) {
  const cartCookies = {};
  if (pages.includes(CART)) {
    for (const [name, shop] of Object.entries(shops))
      cartCookies[name] = await cartWithItem(shop.address);
  }
  // The first audit in a new Chromium pays for the browser's own start (its first paint a second
  // later than any audit after it, with the same shop): one unscored audit of each shop first, so
  // that no run of either shop pays it.
  for (const [name, shop] of Object.entries(shops)) {
    await score(chrome, shop.address, pages[0], cartCookies[name], null);
  }
  const scores = Object.fromEntries(pages.map((path) => [path, { with: [], without: [] }]));
  for (let run = 0; run < RUNS; run++) {
    for (const path of pages) {
      const order = run % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
      for (const name of order) {
        const report = `${label}${path.replaceAll('/', '_')}-${name}-${run + 1}`;
        const { address } = shops[name];
        scores[path][name].push(await score(chrome, address, path, cartCookies[name], report));
      }
    }
  }
  return scores;
}

async function main() {
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const env = { KNITFRONT_DEV_CATALOGUE: 'stand-in' };
  const shops = !DAWN_ONLY && {
    with: await startServer({ env }),
    without: await startServer({
      env: { ...env, KNITFRONT_DEV_THEME_SETTINGS: JSON.stringify({ knitfront_enabled: false }) },
    }),
  };
  const dawnOff = DAWN && dawnWithoutEmbed(DAWN);
  const dawnShops = DAWN && {
    with: await startServer({ env: { ...env, KNITFRONT_DEV_THEME: DAWN } }),
    without: await startServer({ env: { ...env, KNITFRONT_DEV_THEME: dawnOff } }),
  };
  const profile = mkdtempSync(join(tmpdir(), 'knitfront-lighthouse-chromium-'));
  let chrome;
  let scores;
  let dawnScores;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: CHROMIUM_ARGS,
      userDataDir: profile,
    });
    if (shops) scores = await audit(chrome, shops, PAGES, 'knitfront');
    if (dawnShops) dawnScores = await audit(chrome, dawnShops, [PRODUCT], 'dawn');
  } finally {
    chrome?.kill();
    rmSync(profile, { recursive: true, force: true });
    await Promise.all(
      [shops, dawnShops].flatMap((pair) => (pair ? Object.values(pair) : [])).map((s) => s.stop()),
    );
    if (dawnOff) rmSync(dawnOff, { recursive: true, force: true });
  }

  let ok = true;
  for (const path of scores ? PAGES : []) {
    const withAddOn = median(scores[path].with);
    const without = median(scores[path].without);
    const below = without - withAddOn;
    const within = below <= MAX_POINTS_BELOW;
    ok &&= within;
    console.log(
      `lighthouse mobile ${path}${path === CART ? ' (one item in the cart)' : ''}: with the ` +
        `add-on ${withAddOn} (runs ${scores[path].with.join(', ')}), without ` +
        `${without} (runs ${scores[path].without.join(', ')}), ${below} point(s) below ` +
        `(budget at most ${MAX_POINTS_BELOW}) ${within ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  if (dawnScores) {
    const { with: on, without: off } = dawnScores[PRODUCT];
    const apart = Math.abs(median(off) - median(on));
    const within = apart <= DAWN_MAX_POINTS_APART;
    ok &&= within;
    console.log(
      `lighthouse mobile Dawn ${PRODUCT}: with the app embed ${median(on)} (runs ${on.join(', ')}), ` +
        `without ${median(off)} (runs ${off.join(', ')}), ${apart} point(s) apart ` +
        `(budget at most ${DAWN_MAX_POINTS_APART}) ${within ? 'ok' : 'OVER BUDGET'}`,
    );
  } else {
    console.log('lighthouse mobile Dawn: skipped, KNITFRONT_TEST_DAWN names no Dawn folder');
  }
  if (scores) {
    const product = median(scores[PRODUCT].with);
    const productOk = product >= MIN_PRODUCT_SCORE;
    ok &&= productOk;
    console.log(
      `lighthouse performance ${PRODUCT}: ${product} (budget at least ${MIN_PRODUCT_SCORE}, ` +
        `ratio ${(product / MIN_PRODUCT_SCORE).toFixed(2)}) ${productOk ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error('bench/lighthouse:', error);
  process.exit(2);
});
