// Looks at the widget harness in Chromium at 1280 and 390 px: full-page screenshots before and
// after switching the currency to AUD, one with the currency list open, and figures: the discount
// requests the page made, when every price was ready after DOMContentLoaded, the layout shift.
//   node dev/screenshot.mjs http://127.0.0.1:5173/dev/widgets.html [out-dir]
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, WIDTHS } from '../../e2e/harness.mjs';

const [url, outDir = 'artifacts/harness'] = process.argv.slice(2);
if (!url) throw new Error('usage: node dev/screenshot.mjs URL [out-dir]');
await mkdir(outDir, { recursive: true });
const name = new URL(url).search ? `widgets${new URL(url).search.replace(/\W+/g, '-')}` : 'widgets';

for (const width of WIDTHS) {
  const profile = await mkdtemp(join(tmpdir(), 'kf-harness-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    viewport: { width, height: 900 },
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const discountRequests = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/automatic-discount')) discountRequests.push(request.url());
    });
    page.on('console', (message) =>
      console.log(`  [${width} console.${message.type()}]`, message.text()),
    );
    await page.goto(url);
    await page.waitForFunction(() => window.kfHarness.allPricesReadyAt !== null, null, {
      timeout: 15000,
    });
    const figures = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        prices: document.querySelectorAll('product-price:not([ispriceready=false])').length,
        readyAfterDOMContentLoadedMs: Math.round(
          window.kfHarness.allPricesReadyAt - navigation.domContentLoadedEventStart,
        ),
        layoutShift: window.kfHarness.layoutShift,
      };
    });
    console.log(width, JSON.stringify({ ...figures, discountRequests }));
    await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });

    await page.click('currency-switcher button');
    await page.screenshot({ path: join(outDir, `${name}-${width}-switcher-open.png`) });
    await page.click('currency-switcher [role=option][data-currency=AUD]');
    await page.waitForFunction(() =>
      document.querySelector('#pdp-price .kf-price__current')?.textContent?.startsWith('$'),
    );
    await page.screenshot({ path: join(outDir, `${name}-${width}-aud.png`), fullPage: true });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
