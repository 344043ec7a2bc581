// The widget core on the dev storefront: the currency switcher re-prices every placement at once,
// discounts show wherever the product does, a collection page of 48 cards makes one discount
// request and shows every price within 300 ms of DOMContentLoaded, nothing moves as the widgets
// render, a price never shows first in the wrong currency, and the dev panel shows with ?debug.
//
// Expected figures come from the API's answers (rates, price table, discounts, the AJAX cart),
// never from constants, so the test follows the demo catalogue and the rates.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';

import { WIDTHS, chooseCurrency, openShop } from './harness.mjs';
import {
  COLLECTION_CARDS,
  COLLECTION_DISCOUNT_REQUESTS,
  PRICES_READY_BUDGET_MS,
  discountRequests,
  measureCollectionPage,
  recordPricesAndShifts,
} from './page-metrics.mjs';

// pebble-beanie: a 15% automatic discount in Lithuania (the new shopper's market).
const DISCOUNTED = { handle: 'pebble-beanie', variant: '45123456003501', product: '8123456000035' };
// fireside-turtleneck: a compare-at price, so no discount lookup.
const COMPARED = {
  handle: 'fireside-turtleneck',
  variant: '45123456000501',
  product: '8123456000005',
};
const REGULAR = { handle: 'oat-cable-sweater', variant: '45123456000101' };
const SOLD_OUT = { handle: 'heather-raglan' };
// snowfall-yoke-sweater: open for pre-order, with a pre-order message.
const PREORDER = { handle: 'snowfall-yoke-sweater' };
const MARKET = 'LT';
const MARKET_CURRENCY = 'EUR';
const SWITCH_TO = 'USD';

// How long a layout shift is watched for after the load event.
const SHIFT_WATCH_MS = 1500;
// How long the proxy of the split-page tests holds the second part of a page.
const SPLIT_PAUSE_MS = 1000;
const HEADER_SPLIT_WIDTH = 1024;
// The theme's failsafe: an undefined price element shows its fallback after this delay.
const FALLBACK_REVEAL_MS = 3000;

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/** GETs a JSON answer of the shop. */
async function api(path) {
  const response = await fetch(shop.url(path));
  assert.equal(response.status, 200, `GET ${path}`);
  return response.json();
}

/** Formats money as the widgets must: narrow symbol, no fraction digits. */
function money(amount, currency) {
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** '-N% off' for a discount from `compared` down to `price`, or null for none. */
function badgeText(price, compared) {
  if (compared === null) return null;
  const percentage = Math.round((Math.abs(compared - price) / compared) * 100);
  return percentage > 0 ? `-${percentage}% off` : null;
}

/**
 * What each price element of the page should show, from the API: the price table for variant
 * placements (an automatic discount for a price without a compare-at price, which the widget
 * looks up), the AJAX cart for the cart's lines and total. Amounts in the market currency;
 * compared is null without a discount.
 */
async function expectedPrices(page) {
  const [table, cart] = await Promise.all([
    api('/api/products/cache-prices'),
    page.evaluate(() => fetch('/cart.js').then((r) => r.json())),
  ]);
  const variants = table.markets[MARKET].variants;
  const elements = await page.$$eval('product-price', (prices) =>
    prices.map((price) => ({
      type: price.getAttribute('type'),
      variant: price.getAttribute('variant_id'),
      cartLine: price.closest('.cart-item') !== null,
    })),
  );
  return elements.map(({ type, variant, cartLine }) => {
    if (type === 'CartTotalPrice') {
      const total = cart.total_price / 100;
      const original = cart.original_total_price / 100;
      return { price: total, compared: original > total ? original : null };
    }
    if (cartLine) {
      const line = cart.items.find((item) => String(item.variant_id) === variant);
      const final = line.final_line_price / 100;
      const original = line.original_line_price / 100;
      // A cart line's price, once converted, is marked approximate ('≈ $34').
      return { price: final, compared: original > final ? original : null, approximate: true };
    }
    const entry = variants[variant];
    if (entry.compare_at) return { price: entry.price, compared: entry.compare_at };
    const discounted = entry.discounted_price;
    return { price: discounted, compared: discounted < entry.price ? entry.price : null };
  });
}

/** What each price element shows now, in document order. */
function shownPrices(page) {
  return page.$$eval('product-price', (prices) =>
    prices.map((price) => {
      const shown = price.querySelector(':scope > .kf-price');
      return {
        state: shown?.dataset.state ?? null,
        current: shown?.querySelector('.kf-price__current')?.textContent ?? null,
        compared: shown?.querySelector('s.kf-price__compared')?.textContent ?? null,
        badge: shown?.querySelector('.kf-badge')?.textContent ?? null,
      };
    }),
  );
}

/** Adds a variant to the shopper's cart with the AJAX API, as the product form does. */
async function addToCart(page, variant) {
  const response = await page.request.post(shop.url('/cart/add.js'), {
    data: { items: [{ id: Number(variant), quantity: 1 }] },
  });
  assert.equal(response.status(), 200, await response.text());
}

/** The figures of the cart totals areas, which the cart totals enhancer writes. */
const CART_TOTALS_FIGURES = '[data-cart-totals] [data-cart-value]';

/** How many prices a page shows: its price widgets and the figures of its cart totals. */
function countPlacements(page) {
  return page.evaluate(
    (figures) =>
      document.querySelectorAll('product-price').length +
      [...document.querySelectorAll(figures)].filter((figure) => !figure.closest('[hidden]'))
        .length,
    CART_TOTALS_FIGURES,
  );
}

// Installed before the page's own scripts (addInitScript): each records what the page did.

/**
 * Samples every price just before each frame is painted (requestAnimationFrame), the price
 * widgets' and the figures of the cart totals (drawer and cart page): how many show the market
 * currency, the display currency, or a skeleton. Prices the shopper sees change in two frames show
 * up as a mixed sample.
 */
function recordPriceSamples({ oldSymbol, newSymbol, figures }) {
  window.kfSamples = [];
  const sample = () => {
    const counts = { old: 0, new: 0, loading: 0, total: 0 };
    const count = (text, loading) => {
      counts.total++;
      if (loading) counts.loading++;
      else if (text.startsWith(newSymbol)) counts.new++;
      else if (text.startsWith(oldSymbol)) counts.old++;
    };
    for (const price of document.querySelectorAll('product-price > .kf-price')) {
      // A converted cart line's price reads '≈ $34'.
      const text = (price.querySelector('.kf-price__current')?.textContent ?? '').replace(
        /^≈\s*/,
        '',
      );
      count(text, price.dataset.state !== 'ready');
    }
    for (const figure of document.querySelectorAll(figures)) {
      if (figure.closest('[hidden]')) continue;
      // A converted total reads '≈ $40' or '≈ −$6': the figure's currency follows its marks.
      const figureText = figure.textContent.replace(/^[≈−\s]+/, '');
      count(figureText, figure.querySelector('.kf-skeleton') !== null);
    }
    const last = window.kfSamples.at(-1);
    if (!last || ['old', 'new', 'loading'].some((key) => last[key] !== counts[key])) {
      window.kfSamples.push(counts);
    }
  };
  const frame = () => {
    sample();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * Samples, just before each frame is painted (requestAnimationFrame), the prices the selector
 * finds: whether the element was defined yet, whether the shopper can see it, its text and height.
 */
function recordPaintedPrices(selector) {
  window.kfFrames = [];
  const frame = () => {
    for (const price of document.querySelectorAll(selector)) {
      window.kfFrames.push({
        defined: customElements.get('product-price') !== undefined,
        visible: price.checkVisibility({ visibilityProperty: true }),
        text: price.textContent.replace(/\s+/g, ' ').trim(),
        height: price.getBoundingClientRect().height,
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

describe('switching the display currency', () => {
  const pages = [
    ['cart', '/cart'],
    ['collection', '/collections/all'],
    ['search', '/search?q=sweater'],
    ['product', `/products/${DISCOUNTED.handle}`],
  ];
  for (const width of WIDTHS) {
    for (const [name, path] of pages) {
      test(`re-prices every placement of the ${name} page at once, at ${width} px`, async () => {
        const rates = await api(`/api/currency-rates/${MARKET_CURRENCY}`);
        const page = await shop.newPage({ width });
        await page.addInitScript(recordPriceSamples, {
          oldSymbol: money(0, MARKET_CURRENCY)[0],
          newSymbol: money(0, SWITCH_TO)[0],
          figures: CART_TOTALS_FIGURES,
        });
        // A cart with a discounted line and a compare-at line: both price placements of the
        // cart, in the drawer and on the page.
        await addToCart(page, DISCOUNTED.variant);
        await addToCart(page, COMPARED.variant);
        await page.goto(shop.url(path));
        await page.waitForLoadState('networkidle');
        const expected = await expectedPrices(page);
        const before = await shownPrices(page);
        assert.ok(before.length > 1, `the ${name} page has several prices`);
        assert.deepEqual(
          before.map((shown) => shown.state),
          before.map(() => 'ready'),
        );

        // The price widgets, and on every page the drawer's cart totals (the cart page's too).
        const placements = await countPlacements(page);
        assert.ok(placements > before.length, 'the cart totals are not counted');

        await page.evaluate(() => (window.kfSamples.length = 0));
        await chooseCurrency(page, SWITCH_TO);
        await page.waitForFunction(
          (count) => window.kfSamples.some((sample) => sample.new === count),
          placements,
        );

        // The first sample that shows a price in the new currency shows all of them in it.
        const samples = await page.evaluate(() => window.kfSamples);
        const first = samples.find((sample) => sample.new > 0);
        assert.deepEqual(
          first,
          { old: 0, new: placements, loading: 0, total: placements },
          `prices changed currency one by one: ${JSON.stringify(samples)}`,
        );
        // Each shows the spec's conversion: the market amount times the market currency's
        // rate, rounded to whole units.
        const convert = (amount) => money(Math.round(amount * rates[SWITCH_TO]), SWITCH_TO);
        const after = await shownPrices(page);
        assert.deepEqual(
          after,
          expected.map(({ price, compared, approximate }) => ({
            state: 'ready',
            current: (approximate ? '≈ ' : '') + convert(price),
            compared: compared === null ? null : convert(compared),
            badge: badgeText(price, compared),
          })),
        );
        if (name !== 'search') await shop.screenshot(page, `widgets-${name}-${SWITCH_TO}`);
        await page.close();
      });
    }
  }
});

/** What one price element shows once it is ready. */
async function readyPrice(page, selector) {
  await page.waitForSelector(`${selector} > .kf-price[data-state=ready]`, { state: 'attached' });
  return page.$eval(selector, (price) => {
    const shown = price.querySelector(':scope > .kf-price');
    return {
      compared: shown.querySelector('s.kf-price__compared')?.textContent ?? null,
      current: shown.querySelector('.kf-price__current').textContent,
      badge: shown.querySelector('.kf-badge')?.textContent ?? null,
    };
  });
}

describe('a discounted product', () => {
  for (const width of WIDTHS) {
    test(`shows the struck price and the badge on its card, its page, its search card and in the cart, at ${width} px`, async () => {
      const discount = await api(`/api/automatic-discount/${MARKET}/${DISCOUNTED.variant}`);
      const { price } = (await api('/api/products/cache-prices')).markets[MARKET].variants[
        DISCOUNTED.variant
      ];
      assert.ok(discount.amount > 0, 'the demo product has an automatic discount');
      // €35 less €5.25 is €29.75, shown in whole euros as €30.
      const expected = {
        compared: money(price, MARKET_CURRENCY),
        current: money(price - discount.amount, MARKET_CURRENCY),
        badge: `-${discount.percentage}% off`,
      };
      const variantPrice = (type) =>
        `product-price[type=${type}][variant_id="${DISCOUNTED.variant}"]`;
      const page = await shop.newPage({ width });

      await page.goto(shop.url('/collections/all'));
      assert.deepEqual(
        await readyPrice(page, `.card ${variantPrice('CollectionItemPrice')}`),
        expected,
      );

      await page.goto(shop.url(`/search?q=${DISCOUNTED.handle.split('-')[0]}`));
      assert.deepEqual(
        await readyPrice(page, `.card ${variantPrice('SearchCardPrice')}`),
        expected,
      );

      await page.goto(shop.url(`/products/${DISCOUNTED.handle}`));
      assert.deepEqual(
        await readyPrice(page, `.product__price ${variantPrice('ProductDetailsPagePrice')}`),
        expected,
      );
      await page.click(':is(product-form, .pdp-cta-footer) button[name="add"]:visible');
      assert.deepEqual(
        await readyPrice(page, `cart-drawer.active .cart-item ${variantPrice('CartItemPrice')}`),
        expected,
      );
      await shop.screenshot(page, 'widgets-discount-drawer', { fullPage: false });

      await page.goto(shop.url('/cart'));
      assert.deepEqual(
        await readyPrice(page, `.cart-page .cart-item ${variantPrice('CartItemPrice')}`),
        expected,
      );
      await page.close();
    });
  }

  test('with a compare-at price shows the struck price and the badge without a lookup', async () => {
    const { price, compare_at } = (await api('/api/products/cache-prices')).markets[MARKET]
      .variants[COMPARED.variant];
    assert.ok(compare_at > price, 'the demo product has a compare-at price');
    const expected = {
      compared: money(compare_at, MARKET_CURRENCY),
      current: money(price, MARKET_CURRENCY),
      badge: badgeText(price, compare_at),
    };
    const page = await shop.newPage();
    const requests = discountRequests(page);

    await page.goto(shop.url('/collections/all'));
    const card = `.card product-price[variant_id="${COMPARED.variant}"]`;
    assert.deepEqual(await readyPrice(page, card), expected);
    await page.goto(shop.url(`/products/${COMPARED.handle}`));
    assert.deepEqual(await readyPrice(page, '.product__price product-price'), expected);
    await page.waitForLoadState('networkidle');

    const lookedUp = requests.filter(
      (url) => url.includes(COMPARED.variant) || url.includes(COMPARED.product),
    );
    assert.deepEqual(lookedUp, [], 'a price with a compare-at price was looked up');
    await page.close();
  });
});

describe(`a collection page of ${COLLECTION_CARDS} cards`, () => {
  for (const width of WIDTHS) {
    test(`makes one discount request and shows every price within ${PRICES_READY_BUDGET_MS} ms of DOMContentLoaded, at ${width} px`, async (t) => {
      const { cards, discountRequests: requests, readyAfterMs } = await measureCollectionPage(
        shop,
        width,
      );
      t.diagnostic(
        `${width} px: ${requests.length} discount request(s); every price ready ` +
          `${readyAfterMs.toFixed(1)} ms after DOMContentLoaded`,
      );
      assert.equal(cards, COLLECTION_CARDS);
      assert.equal(
        requests.length,
        COLLECTION_DISCOUNT_REQUESTS,
        `discount requests: ${requests.join(', ')}`,
      );
      assert.ok(
        readyAfterMs <= PRICES_READY_BUDGET_MS,
        `the last price showed ${readyAfterMs} ms after DOMContentLoaded`,
      );
    });
  }
});

describe('layout shift', () => {
  // Between them, every placement of the price: collection and search cards, the product page
  // (with no discount, an automatic one, a compare-at price, sold out), the cart's lines and total.
  const pages = [
    ['collection', '/collections/all'],
    ['search', '/search?q=sweater'],
    ['product', `/products/${REGULAR.handle}`],
    ['discounted product', `/products/${DISCOUNTED.handle}`],
    ['compare-at product', `/products/${COMPARED.handle}`],
    ['sold-out product', `/products/${SOLD_OUT.handle}`],
    ['pre-order product', `/products/${PREORDER.handle}`],
    ['cart', '/cart'],
  ];
  for (const width of WIDTHS) {
    for (const [name, path] of pages) {
      test(`is 0 on the ${name} page at ${width} px`, async (t) => {
        const page = await shop.newPage({ width });
        await page.addInitScript(recordPricesAndShifts);
        if (name === 'cart') {
          await addToCart(page, DISCOUNTED.variant);
          await addToCart(page, REGULAR.variant);
        }
        await page.goto(shop.url(path), { waitUntil: 'load' });
        await page.waitForFunction(() => window.kfAllPricesReadyAt !== null);
        await page.waitForTimeout(SHIFT_WATCH_MS);
        const shifts = await page.evaluate(() => window.kfShifts);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        t.diagnostic(`CLS ${cls.toFixed(5)} on ${path} at ${width} px`);
        assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);
        await page.close();
      });
    }
  }

  // A page the parser sees part of may be painted before the rest arrives: on a busy device the
  // parser yields anywhere after the main content (the layout holds the first frame until then).
  // A proxy sends the page up to a cut, then the rest a moment later.
  const cuts = [
    {
      // At this width the header's menu fits on one line until the icons arrive, then wraps.
      name: 'the header cut in the middle',
      path: `/products/${REGULAR.handle}`,
      cut: '<div class="header__icons">',
      width: HEADER_SPLIT_WIDTH,
    },
    {
      // A cart page shorter than the window: a footer kept at the window's bottom grew upwards.
      name: 'the footer cut in the middle',
      path: '/cart',
      inCart: REGULAR.variant,
      cut: '<ul class="footer__menu"',
      width: WIDTHS[0],
    },
  ];
  for (const { name, path, inCart, cut, width } of cuts) {
    test(`is 0 when the page arrives in two parts, ${name}`, async (t) => {
      const proxy = createServer(async (request, response) => {
        const upstream = await fetch(shop.url(request.url), {
          headers: { cookie: request.headers.cookie ?? '' },
        });
        const type = upstream.headers.get('content-type') ?? '';
        response.writeHead(upstream.status, { 'content-type': type });
        const body = Buffer.from(await upstream.arrayBuffer());
        const at = type.startsWith('text/html') ? body.indexOf(cut) : -1;
        if (at < 0) {
          response.end(body);
          return;
        }
        response.write(body.subarray(0, at));
        setTimeout(() => response.end(body.subarray(at)), SPLIT_PAUSE_MS);
      });
      await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      t.after(() => proxy.close());

      const page = await shop.newPage({ width });
      await page.addInitScript(recordPricesAndShifts);
      // Cookies are the host's, whatever its port: the proxy forwards the cart's.
      if (inCart) await addToCart(page, inCart);
      await page.goto(`http://127.0.0.1:${proxy.address().port}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.kfAllPricesReadyAt !== null);
      await page.waitForTimeout(SHIFT_WATCH_MS);
      const shifts = await page.evaluate(() => window.kfShifts);
      assert.deepEqual(shifts, [], 'the page moved when the rest of it arrived');
      await page.close();
    });
  }
});

describe('the dev panel', () => {
  test('shows the cookies and stored values with ?debug, and follows the currency', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('/collections/all?debug'));
    await page.locator('dev-panel .kf-dev-panel').waitFor({ timeout: 5000 });
    const rows = () =>
      page.$$eval('dev-panel dl > div', (items) =>
        Object.fromEntries(
          items.map((item) => [
            item.querySelector('dt').textContent,
            item.querySelector('dd').textContent,
          ]),
        ),
      );
    const cookies = Object.fromEntries(
      (await shop.context.cookies()).map((cookie) => [cookie.name, cookie.value]),
    );
    const stored = await page.evaluate(() => ({ ...localStorage }));
    assert.deepEqual(await rows(), {
      'cookie cart_currency': cookies.cart_currency,
      'cookie localization': cookies.localization,
      'stored displayCurrency': stored.displayCurrency,
      'stored marketCurrency': stored.marketCurrency,
      'stored localization': stored.localization,
    });
    assert.equal(stored.displayCurrency, MARKET_CURRENCY);
    assert.equal(stored.localization, MARKET);
    await shop.screenshot(page, 'widgets-dev-panel', { fullPage: false });

    await chooseCurrency(page, SWITCH_TO);
    await page.waitForFunction(
      (currency) =>
        document.querySelector('dev-panel [data-name="stored displayCurrency"] dd')?.textContent ===
        currency,
      SWITCH_TO,
    );
    assert.equal((await rows())['stored displayCurrency'], SWITCH_TO);
    await page.close();
  });

  test('is absent without ?debug', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('/collections/all'));
    await page.waitForSelector('product-price > .kf-price[data-state=ready]');
    assert.equal(await page.locator('.kf-dev-panel').count(), 0);
    await page.close();
  });
});

describe('a price before the bundle runs', () => {
  test(`keeps its room hidden, and shows the theme's price after ${FALLBACK_REVEAL_MS} ms when the bundle never runs`, async () => {
    const page = await shop.newPage();
    await page.route(/\/assets\/knitfront\.js/, (route) => route.abort());
    await page.goto(shop.url(`/products/${REGULAR.handle}`), { waitUntil: 'domcontentloaded' });
    const fallback = page.locator('.product__price product-price .product-price__amount');
    const shown = () =>
      fallback.evaluate((amount) => ({
        visible: amount.checkVisibility({ visibilityProperty: true }),
        height: amount.getBoundingClientRect().height,
        at: performance.now(),
      }));
    const early = await shown();
    assert.equal(early.visible, false, 'the fallback price showed before the bundle could run');
    assert.ok(early.height > 0, 'the hidden fallback keeps its room');

    await page.waitForFunction(
      (amount) => amount.checkVisibility({ visibilityProperty: true }),
      await fallback.elementHandle(),
      { timeout: FALLBACK_REVEAL_MS * 2 },
    );
    const late = await shown();
    assert.ok(
      late.at >= FALLBACK_REVEAL_MS,
      `the fallback showed ${late.at} ms after the page started, before the failsafe`,
    );
    assert.equal(late.height, early.height);
    await page.close({ allow: [/knitfront\.js/, /Failed to load resource: net::ERR_FAILED/] });
  });

  test('never shows in the market currency to a shopper who chose another', async () => {
    const page = await shop.newPage();
    await page.goto(shop.url('/'));
    await chooseCurrency(page, SWITCH_TO);
    // The next page's bundle arrives late, so that frames are painted before it runs.
    await page.route(/\/assets\/knitfront\.js/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.addInitScript(recordPaintedPrices, '.product__price product-price');
    await page.goto(shop.url(`/products/${REGULAR.handle}`));
    await page.waitForSelector('.product__price .kf-price[data-state=ready]');
    await page.waitForTimeout(100);
    const frames = await page.evaluate(() => window.kfFrames);

    assert.ok(
      frames.some((frame) => !frame.defined),
      'no frame was painted before the bundle ran',
    );
    const heights = new Set(frames.map((frame) => frame.height));
    assert.equal(heights.size, 1, `the price's room changed: ${[...heights].join(', ')} px`);
    const marketSymbol = money(0, MARKET_CURRENCY)[0];
    const flashed = frames.filter((frame) => frame.visible && frame.text.includes(marketSymbol));
    assert.deepEqual(flashed, [], 'a price showed in the market currency first');
    // The first price shown (after the widget's skeleton, which has no text) is converted.
    const first = frames.find((frame) => frame.visible && frame.text !== '');
    assert.ok(first.text.startsWith(money(0, SWITCH_TO)[0]), `first shown: ${first.text}`);
    await page.close();
  });
});
