// The harness of the browser tests: it starts the built `bin/knitfront dev` on a free port with a
// fresh SQLite database, launches Debian's Chromium through playwright-core, fails a test on any
// console error, uncaught exception or failed request, and keeps screenshots under artifacts/.
//
// A test file starts one shop and one browser for all its tests:
//
//   import { after, before, test } from 'node:test';
//   import { openShop } from './harness.mjs';
//
//   let shop;
//   before(async () => { shop = await openShop(); });
//   after(() => shop.close());
//
//   test('the home page', async () => {
//     const page = await shop.newPage({ width: 390 });
//     await page.goto(shop.url('/'));
//     await shop.screenshot(page, 'home');
//     await page.close();          // fails the test if the page logged errors
//   });
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const artifactsDir = join(repoRoot, 'artifacts', 'screenshots');

/** The page widths every page is looked at: desktop and phone. */
export const WIDTHS = [1280, 390];

/** The buy buttons a shopper can press: the product form's, or on a phone the sticky footer's copies. */
export const VISIBLE_ADD_TO_CART = 'button[id^="ProductSubmitButton-"]:visible';
export const VISIBLE_PREORDER = 'button[id^="PreorderButton-"]:visible';

/** Chooses a display currency in the header's currency switcher. */
export async function chooseCurrency(page, currency) {
  await page.click('.header__icons currency-switcher .kf-currency__button');
  await page.click(`.header__icons currency-switcher [role=option][data-currency=${currency}]`);
}

/**
 * Opens the home page in a country as a shopper's link does, and waits until the bundle has taken
 * the country in (it then removes the parameter from the address) and its requests have answered:
 * the market store writes what it keeps again when the rates come, so a display currency stored
 * before that is overwritten by the market's currency.
 */
export async function openInCountry(page, shop, country) {
  await page.goto(shop.url(`/?country=${country}`));
  await page.waitForFunction(() => !new URL(window.location.href).searchParams.has('country'));
  await page.waitForLoadState('networkidle');
}

const BINARY = join(repoRoot, 'bin', 'knitfront');
const START_TIMEOUT_MS = 15_000;
/** Debian's Chromium, headless and offline: no background connections to Google's hosts. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts `knitfront dev` with a database of its own, and returns its address and a stop function.
 * The demo catalogue loads into the empty database on start. env adds environment variables, such
 * as KNITFRONT_DEV_THEME_SETTINGS.
 */
export async function startServer({ env = {} } = {}) {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: run make build first (make e2e does)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'knitfront-e2e-'));
  const server = spawn(BINARY, ['dev'], {
    env: {
      ...process.env,
      KNITFRONT_ADDR: '127.0.0.1:0',
      DATABASE_URL: 'sqlite:' + join(dir, 'shop.db'),
      KNITFRONT_LOG_LEVEL: 'info',
      // The demo catalogue imported, with what Shopify's Admin API cannot carry and the widgets'
      // tests need (fixed deposits and discounts in every currency); e2e/shopify-loop.test.mjs
      // syncs it from dev's Shopify stand-in instead.
      KNITFRONT_DEV_CATALOGUE: 'import',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  let timer;
  try {
    const address = await new Promise((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('knitfront dev did not listen in time:\n' + log)),
        START_TIMEOUT_MS,
      );
      server.stderr.on('data', (chunk) => {
        log += chunk;
        const listening = /"msg":"listening","addr":"(http:\/\/[^"]+)"/.exec(log);
        if (listening) resolve(listening[1]);
      });
      server.on('exit', (code) => reject(new Error(`knitfront dev exited with ${code}:\n${log}`)));
    });
    return { address, stop, log: () => log };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the product page's buy buttons are no longer covered by the skeleton. */
export async function buttonsReady(page) {
  await page.waitForFunction(
    () => document.documentElement.getAttribute('data-kf-buy-buttons') === 'ready',
  );
}

/** Launches Chromium with a fresh profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'knitfront-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: WIDTHS[0], height: 900 },
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/**
 * Opens a shop for one test file: a server and a browser. newPage gives a page that records
 * console errors, uncaught exceptions and failed requests; closing it fails the test when there
 * were any (a test that expects one passes it to allow). Each new page starts a new shopper, with
 * no cookies and no stored data (so no cart and the default country), unless keepCookies is set.
 * env adds environment variables of the server, as startServer's does; log() gives what the
 * server has logged so far.
 */
export async function openShop({ env = {} } = {}) {
  const server = await startServer({ env });
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    address: server.address,
    url: (path) => server.address + path,
    log: server.log,
    context: browser.context,
    async newPage({ width = WIDTHS[0], height = 900, keepCookies = false } = {}) {
      const page = await browser.context.newPage();
      if (!keepCookies) {
        // A new shopper: no cookies and nothing stored by the shop's scripts
        // (the widgets keep the market in localStorage).
        await browser.context.clearCookies();
        const cdp = await browser.context.newCDPSession(page);
        await cdp.send('Storage.clearDataForOrigin', {
          origin: server.address,
          storageTypes: 'all',
        });
        await cdp.detach();
      }
      await page.setViewportSize({ width, height });
      return watch(page);
    },
    screenshot,
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * Records what goes wrong on a page. page.problems() lists it; page.close() throws when it is not
 * empty, apart from problems matching one of the allow patterns.
 */
function watch(page) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    // A read cut short is no failure: the widgets abort a lookup they no longer need, and leaving
    // a page aborts what it was still reading (a cart line's price asked again after the cart
    // nudge, say). A write cut short, or a read that failed any other way, is.
    if (error === 'net::ERR_ABORTED' && request.method() === 'GET') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  const close = page.close.bind(page);
  page.problems = () => [...problems];
  page.close = async ({ allow = [] } = {}) => {
    await close();
    const unexpected = problems.filter((p) => !allow.some((pattern) => pattern.test(p)));
    if (unexpected.length > 0) {
      throw new Error(`the page had problems:\n  ${unexpected.join('\n  ')}`);
    }
  };
  return page;
}

/**
 * Saves a screenshot as artifacts/screenshots/{name}-{width}.png, after scrolling through the page
 * so that lazy pictures load: of the whole page, or with fullPage false of what the screen shows
 * (for drawers and menus, which cover the screen only).
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  const width = page.viewportSize().width;
  const path = join(artifactsDir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * Reads the selectors module the enhancers use (web/src/theme/selectors.ts), compiled with the
 * TypeScript the web build has, so that the tests check the very values the bundle uses.
 */
export function loadSelectors() {
  const ts = require('typescript');
  const source = readFileSync(join(repoRoot, 'web', 'src', 'theme', 'selectors.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS },
  });
  const module = { exports: {} };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports;
}
