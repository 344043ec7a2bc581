// Dawn, Shopify's reference theme, rendered by `knitfront dev --theme` with the knitfront app
// embed on: each shopper page answers, shows its prices and logs no error, at both widths.
// Dawn is not part of the repository, so these tests run only when KNITFRONT_TEST_DAWN names a
// folder holding it (Dawn 15.4.1 is the bar), and are skipped otherwise:
//   KNITFRONT_TEST_DAWN=path/to/dawn node --test e2e/dawn.test.mjs
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { artifactsDir, buttonsReady, openShop, WIDTHS } from './harness.mjs';
import { recordPricesAndShifts } from './page-metrics.mjs';

const dawn = process.env.KNITFRONT_TEST_DAWN;

/** A product and a search of the demo catalogue. */
const PRODUCT = '/products/oat-cable-sweater';
const SEARCH = '/search?q=sweater';

/**
 * An element of Dawn's announcement bar (its country selector's wrapper, where the merchant turns
 * it on) or header, as the layout shift records show it.
 */
const DAWN_HEADER = /^<[\w-]+ [^>]*class="(announcement-bar|localization-wrapper|header)[\s"_]/;

/**
 * The layout shifts a page recorded (recordPricesAndShifts) once it has rendered the frames after
 * its last change, but those that moved only Dawn's announcement bar or header: they move by
 * themselves on some first visits (as their styles arrive), with the embed or without it.
 */
async function shiftsBesideDawnHeader(page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return (await page.evaluate(() => window.kfShifts)).filter(
    (shift) => !shift.moved.every(({ node }) => DAWN_HEADER.test(node)),
  );
}

/** A card's price once knitfront's widget over Dawn's shows it. */
const CARD_PRICE = '.card-information > .price[data-kf-price="shown"] product-price';

/**
 * Each page, and its price: on cards knitfront's price widget over Dawn's price, on the product
 * page the price block, where knitfront's price widget takes the place of Dawn's.
 */
const PAGES = [
  { name: 'home', path: '/', price: CARD_PRICE },
  { name: 'collection', path: '/collections/all', price: CARD_PRICE },
  {
    name: 'product',
    path: PRODUCT,
    price: 'product-info [id^="price-"][role="status"]',
  },
  { name: 'search', path: SEARCH, price: CARD_PRICE },
  { name: 'cart', path: '/cart', price: null },
];

/**
 * A shopper on the collection page chooses the United States in one of Dawn's country selectors
 * (opened first by a click on opener, where it sits in a drawer): back on the page with no
 * ?country=, the shopper stays there, and the cards show US dollars.
 */
async function countryChosenSticks(shop, { width, opener, form }) {
  const page = await shop.newPage({ width });
  await page.goto(shop.url('/collections/all'));
  await page.locator(CARD_PRICE).first().waitFor({ state: 'visible' });
  if (opener) await page.click(opener);
  await page.locator(`${form} button.localization-form__select`).scrollIntoViewIfNeeded();
  await page.click(`${form} button.localization-form__select`);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/collections/all'),
    page.click(`${form} a[data-value="US"]`),
  ]);
  await page.waitForFunction(
    (selector) =>
      window.Shopify?.country === 'US' &&
      /^\$\d/.test(document.querySelector(selector)?.textContent ?? ''),
    `${CARD_PRICE} .kf-price__current`,
  );
  assert.deepEqual(
    await page.evaluate(() => ({
      country: new URL(location.href).searchParams.get('country'),
      localization: localStorage.getItem('localization'),
      marketCurrency: localStorage.getItem('marketCurrency'),
      displayCurrency: localStorage.getItem('displayCurrency'),
    })),
    { country: null, localization: 'US', marketCurrency: 'USD', displayCurrency: 'USD' },
  );
  await shop.screenshot(page, `dawn-country-chosen-${form.replace(/^#|Country|Form$/g, '')}`);
  await page.close();
}

/**
 * A page of a shopper of the euro market (Lithuania) who shows prices in displayCurrency. The
 * shop's storage is written from an address where the widgets do not run: on a page, they write
 * their market state back whenever it changes (when its rates arrive), over this.
 */
async function euroShopper(shop, width, displayCurrency) {
  const page = await shop.newPage({ width });
  await page.goto(shop.url('/cart.js'));
  await page.evaluate((displayCurrency) => {
    localStorage.setItem('localization', 'LT');
    localStorage.setItem('marketCurrency', 'EUR');
    localStorage.setItem('displayCurrency', displayCurrency);
  }, displayCurrency);
  return page;
}

/**
 * The theme settings a merchant sets for knitfront on Dawn (docs/install-theme.md): the cart in a
 * drawer, and the cart note on.
 */
const DAWN_SETTINGS = { cart_type: 'drawer', show_cart_note: true };

describe(
  'Dawn with the knitfront app embed',
  { skip: !dawn && 'KNITFRONT_TEST_DAWN is not set' },
  () => {
    let shop;
    before(async () => {
      shop = await openShop({
        env: {
          KNITFRONT_DEV_THEME: dawn,
          KNITFRONT_DEV_THEME_SETTINGS: JSON.stringify(DAWN_SETTINGS),
        },
      });
    });
    after(() => shop?.close());

    for (const { name, path, price } of PAGES) {
      for (const width of WIDTHS) {
        test(`the ${name} page at ${width} px`, async () => {
          const page = await shop.newPage({ width });
          const response = await page.goto(shop.url(path));
          assert.equal(response.status(), 200);
          await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
          if (price) {
            const first = page.locator(price).first();
            await first.waitFor({ state: 'visible' });
            assert.match(await first.innerText(), /\d/);
          }
          await shop.screenshot(page, `dawn-${name}`);
          await page.close();
        });
      }
    }

    /**
     * The product page's buy button, for a product and a market: Add to cart reads 'for {price}'
     * with the price the page shows, in the market's currency (the sale price when there is one).
     */
    const BUY_BUTTON_CASES = [
      { name: 'regular price', path: PRODUCT, currency: /€/ },
      {
        name: 'sale price',
        path: '/products/fireside-turtleneck',
        currency: /€/,
      },
      { name: 'another market', path: `${PRODUCT}?country=US`, currency: /\$/ },
    ];
    for (const { name, path, currency } of BUY_BUTTON_CASES) {
      for (const width of WIDTHS) {
        test(`Add to cart shows the price, ${name}, at ${width} px`, async () => {
          const page = await shop.newPage({ width });
          const errors = [];
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(message.text());
          });
          await page.goto(shop.url(path));
          // The skeleton goes once the five steps are done: Dawn has no footer to wait for.
          await buttonsReady(page);
          const button = page.locator('product-info button[id^="ProductSubmitButton-"]');
          await button.waitFor({ state: 'visible' });
          // Add to cart takes the price the block shows: Dawn's own, or knitfront's widget once
          // it shows its price.
          await page.waitForFunction(() => {
            const text = (selector) =>
              document.querySelector(selector)?.innerText.replace(/\s+/g, ' ').trim() ?? '';
            const [, price] =
              text('product-info button[id^="ProductSubmitButton-"]').match(
                /^Add to cart for (.+)$/,
              ) ?? [];
            return price && text('product-info [id^="price-"][role="status"]').includes(price);
          });
          const label = (await button.innerText()).replace(/\s+/g, ' ').trim();
          assert.match(label, currency);
          assert.deepEqual(errors, []);
          await shop.screenshot(page, `dawn-buy-button-${name.replaceAll(' ', '-')}`);
          await page.close();
        });
      }
    }

    /**
     * Dawn's product page moves nothing as knitfront's price takes the place of Dawn's in its price
     * block and the buy button takes the price: a regular price, a sale, a pre-order.
     */
    const STILL_PRODUCTS = [
      PRODUCT,
      '/products/fireside-turtleneck',
      '/products/snowfall-yoke-sweater',
    ];
    for (const path of STILL_PRODUCTS) {
      for (const width of WIDTHS) {
        test(`${path} moves nothing as knitfront's price shows, at ${width} px`, async (t) => {
          const page = await shop.newPage({ width });
          await page.addInitScript(recordPricesAndShifts);
          await page.goto(shop.url(path));
          await page.waitForFunction(
            () =>
              document.documentElement.dataset.kfBuyButtons === 'ready' &&
              document.querySelector('product-info [id^="price-"][data-kf-price-shown]'),
          );
          await page.waitForLoadState('networkidle');
          const shifts = await shiftsBesideDawnHeader(page);
          const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
          t.diagnostic(`CLS ${cls.toFixed(5)} on ${path} at ${width} px`);
          assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);
          await page.close();
        });
      }
    }

    test('choosing another colour and size switches the variant and the price widget', async () => {
      const page = await shop.newPage({ width: WIDTHS[0] });
      const errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(shop.url(PRODUCT));
      await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
      /**
       * Picks a value of Dawn's variant picker (buttons) as a shopper does, by its label. Dawn
       * keeps the picker it replaces, hidden, for a moment: the visible one is the shopper's.
       */
      const choose = (value) =>
        page
          .locator(`variant-selects input[type="radio"][value="${value}"] + label:visible`)
          .click();
      /**
       * Waits until the page shows the variant: Dawn's picker prints it, the product form will add
       * it, the address names it, and knitfront's price widget for it shows its price.
       */
      const shows = (title) =>
        page.waitForFunction((title) => {
          const printed = document.querySelector('variant-selects [data-selected-variant]');
          const variant = printed && JSON.parse(printed.textContent);
          const input = document.querySelector(
            'product-info form[action="/cart/add"] input[name="id"]',
          );
          const price = document.querySelector('product-info [id^="price-"][role="status"]');
          return (
            variant?.title === title &&
            input?.value === String(variant.id) &&
            new URL(location.href).searchParams.get('variant') === String(variant.id) &&
            price?.querySelector('product-price')?.getAttribute('variant_id') ===
              String(variant.id) &&
            price.hasAttribute('data-kf-price-shown') &&
            /\d/.test(price.innerText)
          );
        }, title);
      // The demo sweater comes in Oat, Cream and Charcoal; Charcoal is sold out in XS and XL.
      await choose('Charcoal');
      await shows('Charcoal / XS');
      await page.waitForFunction(
        () =>
          document
            .querySelector('variant-selects input[value="XS"]')
            ?.classList.contains('disabled') &&
          !document
            .querySelector('variant-selects input[value="M"]')
            ?.classList.contains('disabled'),
      );
      await choose('M');
      await shows('Charcoal / M');
      assert.deepEqual(errors, []);
      await shop.screenshot(page, 'dawn-variant-switch');
      await page.close();
    });

    test('the cart page with a sweater in the cart shows its line and total', async () => {
      const page = await shop.newPage({ width: WIDTHS[0] });
      await page.goto(shop.url(PRODUCT));
      await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
      const variantId = await page
        .locator('form[action="/cart/add"] input[name="id"]')
        .first()
        .inputValue();
      // The page's own cookies, so the line goes into this shopper's cart.
      const added = await page.request.post(shop.url('/cart/add.js'), {
        data: { items: [{ id: Number(variantId), quantity: 1 }] },
      });
      assert.equal(added.status(), 200);
      await page.goto(shop.url('/cart'));
      await page.locator('#main-cart-items .cart-item').first().waitFor({ state: 'visible' });
      // knitfront's total takes the place of Dawn's, its skeleton first.
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('#main-cart-footer .totals__total-value').innerText),
      );
      await shop.screenshot(page, 'dawn-cart-with-item');
      await page.close();
    });
    /**
     * The cards of a collection and of a search, at both widths: every card shows knitfront's
     * price in its placement, the card whose product has an automatic discount shows the price it
     * was struck through and the '-N% off' badge, and nothing on the page moved.
     */
    const CARD_CASES = [
      {
        name: 'collection',
        path: '/collections/all',
        type: 'CollectionItemPrice',
      },
      { name: 'search', path: '/search?q=harbour', type: 'SearchCardPrice' },
    ];
    for (const { name, path, type } of CARD_CASES) {
      for (const width of WIDTHS) {
        test(`the ${name} cards show knitfront's prices, still, at ${width} px`, async (t) => {
          const page = await shop.newPage({ width });
          await page.addInitScript(recordPricesAndShifts);
          await page.goto(shop.url(path));
          await page.waitForFunction(() => window.kfAllPricesReadyAt !== null);
          const cards = await page.evaluate(() =>
            [...document.querySelectorAll('.card-wrapper .card-information > .price')].map(
              (block) => ({
                state: block.dataset.kfPrice,
                type: block.querySelector('product-price')?.getAttribute('type'),
                text: block.querySelector('product-price')?.innerText.replace(/\s+/g, ' '),
                title: block.closest('.card-wrapper').querySelector('a[id^="CardLink-"]').innerText,
              }),
            ),
          );
          assert.ok(cards.length > 0);
          for (const card of cards) {
            assert.equal(card.state, 'shown', card.title);
            assert.equal(card.type, type, card.title);
          }
          // The demo's Harbour Rib Sweater has 10% off by an automatic discount.
          const harbour = cards.find((card) => card.title.trim() === 'Harbour Rib Sweater');
          assert.match(harbour.text, /^Regular price €119 Sale price €107 -10% off$/);
          await shop.screenshot(page, `dawn-${name}-cards`);
          const shifts = await shiftsBesideDawnHeader(page);
          const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
          t.diagnostic(`CLS ${cls.toFixed(5)} on ${path} at ${width} px`);
          assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);
          await page.close();
        });
      }
    }
    /**
     * A collection page asks for every card's discount in one request, as the knitfront theme's
     * does: Dawn prints no variant in a card, so the cards' lookups are by product, batched.
     */
    test("the collection page asks for every card's discount in one request", async () => {
      const page = await shop.newPage({ width: WIDTHS[0] });
      const lookups = [];
      page.on('request', (request) => {
        if (/^\/api\/automatic-discounts?\//.test(new URL(request.url()).pathname + '/')) {
          lookups.push(request.url());
        }
      });
      await page.goto(shop.url('/collections/all'));
      await page.waitForFunction(() => {
        const blocks = [...document.querySelectorAll('.card-wrapper .card-information > .price')];
        return (
          blocks.length > 0 &&
          blocks.every((block) => ['shown', 'dawn'].includes(block.dataset.kfPrice))
        );
      });
      await page.close();
      assert.equal(lookups.length, 1, lookups.join('\n'));
    });

    /**
     * Dawn's own country selectors (the header's, on a phone the menu drawer's): a country chosen
     * there sticks. Dawn's localization form posts to /localization and the shop sends the shopper
     * back with the new country's cookie but no ?country=: knitfront's stored market must follow
     * it, or its market rules would send the shopper back to the old country.
     */
    const COUNTRY_CASES = [
      { width: 1280, opener: null, form: '#HeaderCountryForm' },
      {
        width: 390,
        opener: 'header-drawer summary',
        form: '#HeaderCountryMobileForm',
      },
    ];
    for (const { width, opener, form } of COUNTRY_CASES) {
      test(`a country chosen in Dawn's selector sticks, at ${width} px`, () =>
        countryChosenSticks(shop, { width, opener, form }));
    }
    test("the cart note typed on Dawn's cart page is saved, in Dawn's own box", async () => {
      const page = await shop.newPage({ width: WIDTHS[0] });
      await page.goto(shop.url(PRODUCT));
      const variantId = await page
        .locator('form[action="/cart/add"] input[name="id"]')
        .first()
        .inputValue();
      await page.request.post(shop.url('/cart/add.js'), {
        data: { items: [{ id: Number(variantId), quantity: 1 }] },
      });
      await page.goto(shop.url('/cart'));
      await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
      const note = page.locator('#main-cart-footer cart-note textarea#Cart-note');
      assert.equal(
        await page.locator('#main-cart-footer cart-note label[for="Cart-note"]').innerText(),
        'Order special instructions',
      );
      const saves = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/cart/update.js') saves.push(request);
      });
      const saved = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/cart/update.js' &&
          request.postDataJSON()?.note === 'Gift wrap, please',
      );
      await note.click();
      await page.keyboard.type('Gift wrap, please');
      await (await saved).response();
      // Knitfront's saver alone saves, 500 ms after typing stops: Dawn's own box, had it heard
      // the typing, would have saved 300 ms after it, before.
      assert.equal(saves.length, 1);
      await page.reload();
      assert.equal(await note.inputValue(), 'Gift wrap, please');
      await shop.screenshot(page, 'dawn-cart-note');
      await page.close();
    });
    /**
     * A pre-order on Dawn with the app embed alone: Dawn has no pre-order button nor payment
     * options, and Shopify adds the demo's pre-order sweater only with a selling plan. Its buy
     * button reads 'Pre Order for {price}', Add to cart shows no more, and the shopper's click adds
     * the sweater on the shop's first plan (the 20 % deposit) through Dawn's own form, whose drawer
     * opens with the line.
     */
    for (const width of WIDTHS) {
      test(`a pre-order reads 'Pre Order for {price}' and adds on its selling plan, at ${width} px`, async () => {
        const page = await shop.newPage({ width });
        await page.goto(shop.url('/products/snowfall-yoke-sweater'));
        await buttonsReady(page);
        const shown = page.locator('product-info .product-form__buttons button:visible');
        assert.equal(await shown.count(), 1);
        assert.equal((await shown.innerText()).trim(), 'Pre Order for €159');
        await shop.screenshot(page, 'dawn-preorder');

        await shown.click();
        const drawer = page.locator('cart-drawer.active .cart-item');
        await drawer.first().waitFor({ state: 'visible' });
        assert.match(await drawer.first().innerText(), /Snowfall Yoke Sweater/);
        const cart = await page.evaluate(() => fetch('/cart.js').then((answer) => answer.json()));
        assert.deepEqual(
          cart.items.map((item) => ({
            id: item.variant_id,
            quantity: item.quantity,
            selling_plan: item.selling_plan_allocation?.selling_plan.id,
          })),
          [PREORDER_LINE],
        );
        await shop.screenshot(page, 'dawn-preorder-drawer');
        await page.close();
      });
    }

    /**
     * A pre-order seen in US dollars by a shopper of the euro market: its buy button's price is
     * converted, so marked approximate, and the line under Dawn's buttons says what checkout
     * charges, exact in euros (the 20 % deposit of €159); the line appears after the first paint,
     * into the room the app embed kept for it from the first paint, and nothing moves.
     */
    for (const width of WIDTHS) {
      test(`a pre-order in another currency says what checkout charges, moving nothing, at ${width} px`, async (t) => {
        const page = await euroShopper(shop, width, 'USD');
        await page.addInitScript(recordPricesAndShifts);
        await page.goto(shop.url('/products/snowfall-yoke-sweater'));
        await buttonsReady(page);
        const buttons = 'product-info .product-form__buttons';
        const line = await page.waitForFunction((buttons) => {
          const line = document.querySelector(`${buttons} > [data-kf-buy-charged]`);
          return line?.style.visibility === 'visible' && line.innerText;
        }, buttons);
        assert.equal(await line.jsonValue(), 'Charged at checkout: €31.80');
        const shown = page.locator(`${buttons} button:visible`);
        assert.match((await shown.innerText()).trim(), /^Pre Order for ≈ \$\d+$/);
        await page.waitForLoadState('networkidle');
        const shifts = await shiftsBesideDawnHeader(page);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        t.diagnostic(`CLS ${cls.toFixed(5)} on a pre-order in US dollars at ${width} px`);
        assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);
        await shop.screenshot(page, 'dawn-preorder-charged');
        await page.close();
      });
    }

    /**
     * The sticky footer knitfront adds to Dawn's product page: on a phone it shows while Dawn's own
     * buy buttons are out of view, at the bottom of the screen, and a click on its button adds
     * through Dawn's own form, whose drawer opens; on a desktop it never shows.
     */
    test("a phone buys from the sticky footer, which opens Dawn's drawer", async () => {
      const page = await shop.newPage({ width: 390 });
      await page.goto(shop.url(PRODUCT));
      await buttonsReady(page);
      const dawnButton = page.locator('product-info button[id^="ProductSubmitButton-"]');
      await dawnButton.scrollIntoViewIfNeeded();
      await page.locator('.kf-cta-footer').waitFor({ state: 'hidden' });

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      const footerButton = page.locator('.kf-cta-footer button:visible');
      await footerButton.waitFor({ state: 'visible' });
      assert.equal((await footerButton.innerText()).trim(), 'Add to cart for €129');
      const footer = await page.locator('.kf-cta-footer').boundingBox();
      const { height } = page.viewportSize();
      assert.equal(Math.round(footer.y + footer.height), height, 'the footer is not at the bottom');
      // Where the shopper is: the harness's screenshot would scroll back to the top first.
      await page.screenshot({ path: join(artifactsDir, 'dawn-cta-footer-390.png') });

      await footerButton.click();
      await page.locator('cart-drawer.active .cart-item').first().waitFor({ state: 'visible' });
      const cart = await page.evaluate(() => fetch('/cart.js').then((answer) => answer.json()));
      assert.deepEqual(
        cart.items.map((item) => [item.variant_id, item.quantity]),
        [[45123456000101, 1]],
      );
      await page.close();
    });

    test('a desktop sees no sticky footer', async () => {
      const page = await shop.newPage({ width: 1280 });
      await page.goto(shop.url(PRODUCT));
      await buttonsReady(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await page.waitForTimeout(300);
      assert.ok(await page.isHidden('.kf-cta-footer'));
      await page.close();
    });

    /** Every price widget of the page (the cart's, the cards' of Dawn's featured collection) is ready. */
    const EVERY_PRICE_READY = () =>
      [...document.querySelectorAll('product-price')].every((price) =>
        price.querySelector(':scope > .kf-price[data-state="ready"]'),
      );

    /**
     * Requests cut short, which the page does not count as problems: a cart call still on its way
     * when the test closes the page (the recalculation nudge's, or the widgets' reading of the cart
     * after Dawn's message), and a discount lookup a card's widget cancels (by design, a lookup
     * whose answer no widget waits for any more is cancelled).
     */
    const CUT_BY_CLOSING = [
      /request failed: .*\/cart.* \(net::ERR_ABORTED\)/,
      /request failed: .*\/api\/automatic-discount\/.* \(net::ERR_ABORTED\)/,
    ];

    /** The demo's pre-order sweater (20% upfront) and the sweater 10% off by a discount. */
    const PREORDER_LINE = {
      id: 45123456000601,
      quantity: 1,
      selling_plan: 4123456061,
    };
    const DISCOUNTED_LINE = { id: 45123456000201, quantity: 1 };

    /**
     * A shopper in Lithuania (the cart in euros) who shows prices in US dollars (or the display
     * currency given), with a pre-order and a discounted sweater in the cart.
     */
    async function shopperWithCart(width, displayCurrency = 'USD') {
      const page = await euroShopper(shop, width, displayCurrency);
      const added = await page.request.post(shop.url('/cart/add.js'), {
        data: { items: [PREORDER_LINE, DISCOUNTED_LINE] },
      });
      assert.equal(added.status(), 200);
      return page;
    }

    /**
     * The texts of a totals area once it shows, on screen, its figures converted to US dollars and
     * the amount checkout charges.
     */
    async function totals(page, area, charged) {
      await page.waitForFunction(
        ({ area, charged }) => {
          const text = document.querySelector(area)?.innerText ?? '';
          return (
            /Due today\s+≈ \$\d/.test(text) && text.includes(`Charged at checkout: ${charged}`)
          );
        },
        { area, charged },
      );
      return page.locator(area).innerText();
    }

    /**
     * Where the content of each row of a totals area sits in its row (Dawn's totals row, the line
     * charged at checkout, the row due later): 'centred', 'right', 'left' or 'spread' (edge to
     * edge), to the pixel.
     */
    const TOTALS_ROWS_ALIGNMENT = (area) =>
      [
        ':scope > .totals',
        ':scope > [data-cart-charged]',
        ':scope > [data-cart-when="preorders"]',
      ].map((selector) => {
        const row = document.querySelector(area).querySelector(selector);
        const content = document.createRange();
        content.selectNodeContents(row);
        const inner = content.getBoundingClientRect();
        const outer = row.getBoundingClientRect();
        const style = getComputedStyle(row);
        const left = Math.round(inner.left - outer.left - parseFloat(style.paddingLeft));
        const right = Math.round(outer.right - parseFloat(style.paddingRight) - inner.right);
        if (left <= 1 && right <= 1) return 'spread';
        if (Math.abs(left - right) <= 1) return 'centred';
        return left < right ? 'left' : 'right';
      });

    /**
     * One unit's price in each line's details (knitfront's copy over Dawn's), once every one shows
     * in US dollars, in the order of the lines sorted by their text, digits as N.
     */
    const DETAIL_PRICES = [
      ':scope > div.product-option > .kf-dawn-figures',
      ':scope > .cart-item__discounted-prices > .kf-dawn-figures > *',
    ].join(',');
    async function lineDetailPrices(page, lines) {
      const selector = `${lines} .cart-item__details`;
      await page.waitForFunction(
        (selector) =>
          [...document.querySelectorAll(selector)].every((details) =>
            details.querySelector('[data-money-minor]')?.textContent.includes('$'),
          ),
        selector,
      );
      const prices = await page.evaluate(
        ({ selector, PRICES }) =>
          [...document.querySelectorAll(selector)].map((details) =>
            [...details.querySelectorAll(PRICES)].map((price) => price.textContent.trim()),
          ),
        { selector, PRICES: DETAIL_PRICES },
      );
      return prices.map((line) => line.map((text) => text.replace(/\d+(\.\d+)?/g, 'N'))).sort();
    }

    for (const width of WIDTHS) {
      test(`Dawn's cart page shows the pre-order totals and the lines in the display currency, at ${width} px`, async () => {
        const page = await shopperWithCart(width);
        await page.goto(shop.url('/cart'));
        const text = await totals(page, '#main-cart-footer [data-cart-totals]', '€138.90');
        // Due now: the pre-order's 20% upfront (€31.80) and the discounted sweater (€107.10).
        assert.match(text, /Due today\s+≈ \$\d+/);
        assert.match(text, /Due later\s+≈ \$\d+/);
        assert.doesNotMatch(text, /Estimated total/);
        // Knitfront's rows under Dawn's totals row are aligned as it is: centred below Dawn's
        // 750 px breakpoint, on the right above it.
        assert.deepEqual(
          await page.evaluate(TOTALS_ROWS_ALIGNMENT, '#main-cart-footer [data-cart-totals]'),
          Array(3).fill(width < 750 ? 'centred' : 'right'),
        );
        await page.waitForFunction(() =>
          [...document.querySelectorAll('#main-cart-items .cart-item__price-wrapper')]
            .filter((total) => total.offsetParent !== null)
            .every((total) => total.dataset.kfLinePrice === 'shown'),
        );
        const lines = await page
          .locator('#main-cart-items .cart-item__price-wrapper product-price:visible')
          .allInnerTexts();
        // The lines in the cart's order, which is the newest first: compared as a set.
        assert.deepEqual(
          lines.map((line) => line.replace(/\s+/g, ' ').replace(/\d+/g, 'N')).sort(),
          ['Regular price $N Sale price ≈ $N -N% off', '≈ $N'],
        );
        assert.deepEqual(await lineDetailPrices(page, '#main-cart-items'), [
          ['Regular price', '$N', 'Sale price', '≈ $N'],
          ['≈ $N'],
        ]);
        await page.waitForFunction(EVERY_PRICE_READY);
        await shop.screenshot(page, 'dawn-cart-preorder-totals');
        await page.close({ allow: CUT_BY_CLOSING });
      });

      // The rows knitfront adds under Dawn's totals (due later, and in US dollars what checkout
      // charges) appear after the first paint, into the room kept for them from the first paint.
      for (const { display, charged } of [
        { display: 'EUR', charged: false },
        { display: 'USD', charged: true },
      ]) {
        test(`Dawn's cart page moves nothing as knitfront's totals rows appear, display ${display}, at ${width} px`, async (t) => {
          const page = await shopperWithCart(width, display);
          await page.addInitScript(recordPricesAndShifts);
          await page.goto(shop.url('/cart'));
          await page.waitForFunction(() => window.kfAllPricesReadyAt !== null);
          // The rows' last change: the line charged at checkout shows its figure once the rates
          // have come; in euros it takes no room. Then the room kept for the rows is gone.
          const reserved = await page.waitForFunction((charged) => {
            const area = document.querySelector('#main-cart-footer [data-cart-totals]');
            const row = area?.querySelector('.totals[data-kf-totals-shown]');
            const later = area?.querySelector(
              ':scope > [data-cart-when="preorders"]:not([hidden])',
            );
            const line = area?.querySelector('[data-cart-charged]');
            const lineDone = charged
              ? line?.style.visibility === 'visible' && line.innerText.includes('€138.90')
              : line?.hidden;
            return (
              row &&
              later?.innerText.includes('Due later') &&
              lineDone &&
              getComputedStyle(row).paddingBottom
            );
          }, charged);
          assert.equal(await reserved.jsonValue(), '0px');
          const shifts = await shiftsBesideDawnHeader(page);
          const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
          t.diagnostic(
            `CLS ${cls.toFixed(5)} on the cart page, display ${display}, at ${width} px`,
          );
          assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);
          await shop.screenshot(page, `dawn-cart-room-${display}`);
          await page.close({ allow: CUT_BY_CLOSING });
        });
      }

      test(`Dawn's cart drawer follows a removed line through Dawn's channel, at ${width} px`, async () => {
        const page = await shopperWithCart(width);
        await page.goto(shop.url('/collections/all'));
        await page.waitForFunction(() => document.documentElement.dataset.knitfront === 'loaded');
        await page.click('#cart-icon-bubble');
        const area = 'cart-drawer .cart-drawer__footer[data-cart-totals]';
        assert.match(await totals(page, area, '€138.90'), /Due later\s+≈ \$\d+/);
        assert.deepEqual(await lineDetailPrices(page, '#CartDrawer-CartItems'), [
          ['Regular price', '$N', 'Sale price', '≈ $N'],
          ['≈ $N'],
        ]);
        // The discounted sweater removed: Dawn changes the cart, renders its drawer again and
        // tells its channel, and the totals follow: only the pre-order's 20% upfront is due now.
        await page
          .locator('#CartDrawer-CartItems .cart-item', {
            hasText: 'Harbour Rib Sweater',
          })
          .locator('cart-remove-button button')
          .click();
        assert.match(await totals(page, area, '€31.80'), /Due later\s+≈ \$\d+/);
        assert.deepEqual(await lineDetailPrices(page, '#CartDrawer-CartItems'), [['≈ $N']]);
        await page.waitForFunction(EVERY_PRICE_READY);
        await shop.screenshot(page, 'dawn-cart-drawer', { fullPage: false });
        await page.close({ allow: CUT_BY_CLOSING });
      });
    }

    /**
     * Gives the page window.kfShownAmount(selector): the amount the first visible element matching
     * the selector shows ('€149,00', '≈ $161', 'Add to cart for €149'), in minor units, or null
     * while it shows none. Dawn prints a cart line's figures twice, one for phones.
     */
    function defineShownAmount() {
      window.kfShownAmount = (selector) => {
        const shown = [...document.querySelectorAll(selector)].find(
          (element) => element.getClientRects().length > 0,
        );
        const [, digits] = shown?.innerText.match(/(\d[\d\s.,]*)/) ?? [];
        if (!digits) return null;
        const compact = digits.trim().replace(/\s/g, '');
        // A separator followed by exactly two digits at the end is the decimal one.
        const decimal = /[.,]\d{2}$/.test(compact);
        const whole = Number((decimal ? compact.slice(0, -3) : compact).replace(/[.,]/g, ''));
        return whole * 100 + (decimal ? Number(compact.slice(-2)) : 0);
      };
    }

    /**
     * Waits until every selector's element shows the amount, in minor units, and the totals area
     * holds it as the total due now: a figure knitfront works out from the cart, where the text
     * alone could still be Dawn's own in the same currency.
     */
    function showsAmount(page, { area, shown }, minor) {
      return page.waitForFunction(
        ({ area, shown, minor }) =>
          document.querySelector(area)?.dataset.dueNow === String(minor) &&
          shown.every((selector) => window.kfShownAmount(selector) === minor),
        { area, shown, minor },
      );
    }

    for (const width of WIDTHS) {
      test(`Dawn's own Add to cart and quantity buttons move knitfront's figures, at ${width} px`, async () => {
        const page = await shop.newPage({ width });
        await page.addInitScript(defineShownAmount);
        await page.goto(shop.url(PRODUCT));
        await buttonsReady(page);
        const button = page.locator('product-info button[id^="ProductSubmitButton-"]');
        const label = async () => (await button.innerText()).replace(/\s+/g, ' ').trim();
        // The label takes the price knitfront's widget shows (Dawn's own before it).
        await page.waitForFunction(() => {
          const widget = document.querySelector(
            'product-info [id^="price-"] product-price .kf-price[data-state="ready"]',
          );
          const current = widget?.querySelector('.kf-price__current')?.textContent;
          const button = document.querySelector('product-info button[id^="ProductSubmitButton-"]');
          return (
            current && button?.innerText.replace(/\s+/g, ' ').trim().endsWith(` for ${current}`)
          );
        });
        const labelBefore = await label();
        const price = await page.evaluate(() =>
          window.kfShownAmount('product-info button[id^="ProductSubmitButton-"]'),
        );

        // Dawn's Add to cart: Dawn adds, opens its drawer and tells its channel.
        await button.click();
        await page.locator('cart-drawer.active #CartDrawer-CartItems .cart-item').waitFor();
        const drawer = {
          area: 'cart-drawer .cart-drawer__footer[data-cart-totals]',
          shown: [
            'cart-drawer [data-cart-totals] [data-cart-value="dueNow"]',
            '#CartDrawer-CartItems .cart-item__price-wrapper product-price .kf-price__current',
          ],
        };
        await showsAmount(page, drawer, price);
        // One unit's price in the line's details, which stays when the quantity changes.
        const unitPrice = '#CartDrawer-CartItems .cart-item__details [data-money-minor]';
        assert.equal(await page.evaluate((unit) => window.kfShownAmount(unit), unitPrice), price);
        // The button keeps its '… for {price}' label once Dawn's add is done.
        await page.waitForFunction(
          () =>
            !document
              .querySelector('product-info button[id^="ProductSubmitButton-"]')
              ?.classList.contains('loading'),
        );
        assert.equal(await label(), labelBefore);

        // Dawn's + in its drawer: the line and the totals follow.
        await page.locator('#CartDrawer-CartItems quantity-input button[name="plus"]').click();
        await showsAmount(page, drawer, 2 * price);
        assert.equal(await page.evaluate((unit) => window.kfShownAmount(unit), unitPrice), price);
        await shop.screenshot(page, 'dawn-own-buttons-drawer', { fullPage: false });

        // Dawn's − and + on its cart page (the visible ones: Dawn prints a line's figures twice).
        await page.goto(shop.url('/cart'));
        const cartPage = {
          area: '#main-cart-footer [data-cart-totals]',
          shown: [
            '#main-cart-footer [data-cart-totals] [data-cart-value="dueNow"]',
            '#main-cart-items .cart-item__price-wrapper product-price .kf-price__current',
          ],
        };
        await showsAmount(page, cartPage, 2 * price);
        const quantity = (name) =>
          page.locator(`#main-cart-items quantity-input button[name="${name}"]:visible`);
        await quantity('minus').click();
        await showsAmount(page, cartPage, price);
        await quantity('plus').click();
        await showsAmount(page, cartPage, 2 * price);
        await shop.screenshot(page, 'dawn-own-buttons-cart');
        await page.close({ allow: CUT_BY_CLOSING });
      });
    }
  },
);

/**
 * Dawn as a merchant sets it up further in the theme editor, in a copy saved as the editor saves
 * it: the country selectors of the announcement bar (shown on a desktop) and of the footer turned
 * on, and the app's payment options block placed in the product section, above the buy buttons.
 */
describe(
  'Dawn with its other country selectors and the payment options block',
  { skip: !dawn && 'KNITFRONT_TEST_DAWN is not set' },
  () => {
    let themeDir;
    let shop;
    before(async () => {
      themeDir = mkdtempSync(join(tmpdir(), 'knitfront-dawn-'));
      cpSync(dawn, themeDir, { recursive: true });
      for (const [group, section] of [
        ['header-group', 'announcement-bar'],
        ['footer-group', 'footer'],
      ]) {
        const path = join(themeDir, 'sections', `${group}.json`);
        const json = JSON.parse(readFileSync(path, 'utf8'));
        json.sections[section].settings = {
          ...json.sections[section].settings,
          enable_country_selector: true,
        };
        writeFileSync(path, JSON.stringify(json));
      }
      const templatePath = join(themeDir, 'templates', 'product.json');
      const template = JSON.parse(readFileSync(templatePath, 'utf8'));
      const main = template.sections.main;
      main.blocks['knitfront-payment-options'] = {
        type: 'shopify://apps/knitfront/blocks/payment-options/6b1f0f7e-5c3a-4d1e-8f2a-9e4b7c2d1a30',
        settings: {},
      };
      main.block_order.splice(
        main.block_order.indexOf('buy_buttons'),
        0,
        'knitfront-payment-options',
      );
      writeFileSync(templatePath, JSON.stringify(template));
      shop = await openShop({
        env: {
          KNITFRONT_DEV_THEME: themeDir,
          KNITFRONT_DEV_THEME_SETTINGS: JSON.stringify(DAWN_SETTINGS),
        },
      });
    });
    after(async () => {
      await shop?.close();
      if (themeDir) rmSync(themeDir, { recursive: true, force: true });
    });

    const CASES = [
      { width: 1280, form: '#AnnouncementCountryForm' },
      { width: 1280, form: '#FooterCountryForm' },
      { width: 390, form: '#FooterCountryForm' },
    ];
    for (const { width, form } of CASES) {
      test(`a country chosen in ${form} sticks, at ${width} px`, () =>
        countryChosenSticks(shop, { width, opener: null, form }));
    }

    /**
     * The pre-order sweater's two plans show as the knitfront theme shows them, each with what is
     * due today, and stay through a change of colour, which Dawn renders; the plan the shopper
     * picks is the one the pre-order button adds; nothing on the page moved.
     */
    for (const width of WIDTHS) {
      test(`a pre-order adds on the payment option picked in the block, at ${width} px`, async (t) => {
        const page = await shop.newPage({ width });
        await page.addInitScript(recordPricesAndShifts);
        await page.goto(shop.url('/products/snowfall-yoke-sweater'));
        await buttonsReady(page);
        const options = page.locator('.knitfront-payment-options .selling-plan-option');
        const texts = async () =>
          (await options.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
        assert.deepEqual((await texts()).length, 2);
        assert.match((await texts())[0], /^Pre-order deposit 20% €31,80 due today/);
        const shifts = await shiftsBesideDawnHeader(page);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        t.diagnostic(`CLS ${cls.toFixed(5)}`);
        assert.equal(cls, 0, `the page moved: ${JSON.stringify(shifts, null, 1)}`);

        await page.click('product-info variant-selects label:has-text("Cream")');
        await page.waitForURL(/variant=/);
        await page.waitForFunction(
          () =>
            document.querySelectorAll('.knitfront-payment-options input[name="selling_plan"]')
              .length === 2,
        );
        await options.nth(1).locator('label').click();
        await shop.screenshot(page, 'dawn-payment-options');
        await page.locator('product-info .product-form__buttons button:visible').click();
        await page.locator('cart-drawer.active .cart-item').first().waitFor({ state: 'visible' });
        const cart = await page.evaluate(() => fetch('/cart.js').then((answer) => answer.json()));
        const picked = await page
          .locator('.knitfront-payment-options input[name="selling_plan"]:checked')
          .inputValue();
        assert.deepEqual(
          cart.items.map((item) => [
            item.variant_title,
            String(item.selling_plan_allocation?.selling_plan.id),
          ]),
          [['Cream / XS', picked]],
        );
        assert.equal(picked, '4123456062');
        await page.close();
      });
    }
  },
);
