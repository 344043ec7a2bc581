// The dev storefront in a browser: every page at desktop and phone width without a console error
// or a failed request, the theme's markup matching the enhancers' selectors, and a shopper who
// browses, picks a variant, adds to the cart, changes it, and switches country.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  VISIBLE_ADD_TO_CART,
  VISIBLE_PREORDER,
  WIDTHS,
  loadSelectors,
  openShop,
} from './harness.mjs';

const PAGES = [
  ['home', '/'],
  ['collection', '/collections/all'],
  ['collection-page-2', '/collections/all?page=2'],
  ['product', '/products/oat-cable-sweater'],
  ['product-preorder', '/products/snowfall-yoke-sweater'],
  ['product-sold-out', '/products/heather-raglan'],
  ['search', '/search?q=wool'],
  ['cart-empty', '/cart'],
  ['knitters', '/pages/knitters'],
];

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

describe('every page', () => {
  for (const width of WIDTHS) {
    for (const [name, path] of PAGES) {
      test(`${name} at ${width} px`, async () => {
        const page = await shop.newPage({ width });
        const response = await page.goto(shop.url(path));
        assert.equal(response.status(), 200);
        await shop.screenshot(page, name);
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
        await page.close();
      });
    }
  }
});

describe("the enhancers' selectors", () => {
  const selectors = loadSelectors();
  // Where each selector must match, and whether the element must show.
  const expected = {
    PRODUCT_FORM: ['/products/oat-cable-sweater', true],
    PRODUCT_FORM_ELEMENT: ['/products/oat-cable-sweater', true],
    PRODUCT_VARIANT_ID_INPUT: ['/products/oat-cable-sweater', false],
    BUY_BUTTONS: ['/products/oat-cable-sweater', true],
    ADD_TO_CART_BUTTON: ['/products/oat-cable-sweater', true],
    PRICE_CONTAINER: ['/products/oat-cable-sweater', true],
    PRODUCT_PRICE: ['/products/oat-cable-sweater', true],
    PDP_CTA_FOOTER: ['/products/oat-cable-sweater', false],
    DISCLAIMER: ['/products/oat-cable-sweater', true],
    PREORDER_BUTTON: ['/products/snowfall-yoke-sweater', true],
    SELLING_PLAN_GROUP: ['/products/snowfall-yoke-sweater', true],
    SELLING_PLAN_OPTIONS: ['/products/snowfall-yoke-sweater', false],
    BACK_IN_STOCK: ['/products/heather-raglan', true],
    CART_DRAWER: ['/', false],
    CART_NOTE_AREA: ['/cart', true],
    CART_DRAWER_ITEMS: ['/cart', false],
    CART_DRAWER_TOTALS: ['/cart', false],
    CART_PAGE_TOTALS: ['/cart', true],
    CART_TOTALS_AREAS: ['/cart', true],
    CART_TOTALS_VALUE: ['/cart', true],
    CART_TOTALS_CONDITION: ['/cart', true],
    CART_TOTALS_ITEM_COUNT: ['/cart', true],
    // Kept in the layout but invisible while the display currency is the one checkout charges.
    CART_TOTALS_CHARGED: ['/cart', false],
    // The pre-order's payment options say what is due today.
    MONEY_SLOT: ['/products/snowfall-yoke-sweater', false],
    // What the cart totals enhancer writes in: the totals areas and the money slots.
    CART_FIGURES: ['/cart', true],
  };

  test('the module lists exactly the selectors this test knows', () => {
    assert.deepEqual(Object.keys(selectors).sort(), Object.keys(expected).sort());
  });

  test('each selector matches its element', async () => {
    const page = await shop.newPage();
    // The cart's selectors need a cart with a line.
    await page.goto(shop.url('/products/oat-cable-sweater'));
    await page.click(selectors.ADD_TO_CART_BUTTON);
    await page.waitForSelector('cart-drawer.active ' + selectors.CART_DRAWER_ITEMS);
    for (const [name, [path, visible]] of Object.entries(expected)) {
      if (new URL(page.url()).pathname + new URL(page.url()).search !== path)
        await page.goto(shop.url(path));
      const matches = page.locator(selectors[name]);
      assert.ok(
        (await matches.count()) > 0,
        `${name} (${selectors[name]}) matches nothing on ${path}`,
      );
      if (visible) {
        // Shown once the widgets are done: the buy buttons wait under a skeleton until then.
        const shown = matches.filter({ visible: true }).first();
        await shown.waitFor({ timeout: 5000 }).catch(() => {});
        assert.ok(await shown.isVisible(), `${name} (${selectors[name]}) is hidden on ${path}`);
      }
    }
    await page.close();
  });
});

describe('a shopper', () => {
  test('picks a size, adds to the cart, and changes the quantity in the drawer', async () => {
    for (const width of WIDTHS) {
      const page = await shop.newPage({ width });
      await page.addInitScript(() => {
        window.cartEvents = [];
        document.addEventListener('knitfront:cart-updated', (event) =>
          window.cartEvents.push(event.detail),
        );
      });
      await page.goto(shop.url('/products/harbour-rib-sweater'));

      // The variant picker selects in place: the address and the form change, the page stays.
      await page.evaluate(() => (window.samePage = true));
      await page.click('.size-picker__list a:has-text("M")');
      await page.waitForURL(/variant=45123456000203$/);
      assert.equal(await page.inputValue('product-form input[name="id"]'), '45123456000203');
      assert.equal(
        await page.evaluate(() => window.samePage),
        true,
        'picking a size reloaded the page',
      );
      assert.equal(
        await page.getAttribute('.price__container product-price', 'variant_id'),
        '45123456000203',
      );
      assert.equal((await page.textContent('.size-pill[aria-current="true"]')).trim(), 'M');

      await page.click(VISIBLE_ADD_TO_CART);
      await page.waitForSelector('cart-drawer.active #CartDrawer-CartItems .cart-item');
      assert.match(await page.textContent('#CartDrawer-CartItems'), /Harbour Rib Sweater/);
      assert.match(await page.textContent('#cart-icon-bubble'), /1/);
      // Harbour sweaters are 10 % off in Lithuania: the drawer shows the discount, in whole euros.
      assert.match(await page.textContent('cart-drawer .totals'), /Discounts\s*−€12\b/);
      await shop.screenshot(page, 'cart-drawer', { fullPage: false });

      await page.click('#CartDrawer-CartItems .quantity__button[name="plus"]');
      await page.waitForFunction(() =>
        document.querySelector('#cart-icon-bubble')?.textContent.includes('2'),
      );
      assert.equal(await page.inputValue('#CartDrawer-CartItems .quantity__input'), '2');
      const events = await page.evaluate(() => window.cartEvents.map((cart) => cart.item_count));
      assert.deepEqual(events, [1, 2], 'knitfront:cart-updated carried the cart after each change');
      assert.equal(
        await page.evaluate(async () => (await window.knitfrontCartLibrary()).cart.item_count),
        2,
        'CartJS, loaded after the changes, knows the cart',
      );

      await page.click('#CartDrawer-CartItems .cart-item__remove');
      await page.waitForSelector('cart-drawer.is-empty');
      await page.close();
    }
  });

  test('switches country and sees the cart in the new currency', async () => {
    const page = await shop.newPage({ width: 1280 });
    await page.goto(shop.url('/products/oat-cable-sweater'));
    assert.equal(await page.getAttribute('.price__container product-price', 'price'), '€129,00');
    await page.click('#ProductSubmitButton-template--product__main');
    await page.waitForSelector('cart-drawer.active #CartDrawer-CartItems .cart-item');
    await page.keyboard.press('Escape');

    await Promise.all([page.waitForNavigation(), page.selectOption('#HeaderCountry-Select', 'GB')]);
    assert.equal(await page.getAttribute('.price__container product-price', 'price'), '£115.00');
    assert.equal(await page.getAttribute('.price__container product-price', 'iso_code'), 'GB');
    const cookies = Object.fromEntries(
      (await shop.context.cookies()).map((c) => [c.name, c.value]),
    );
    assert.equal(cookies.localization, 'GB');
    assert.equal(cookies.cart_currency, 'GBP');
    // The widgets' market follows the choice, and the country parameter the
    // selector came back with is gone from the address.
    await page.waitForFunction(() => localStorage.getItem('marketCurrency') === 'GBP');
    assert.equal(new URL(page.url()).searchParams.get('country'), null);

    await page.goto(shop.url('/cart'));
    // The widget shows whole pounds (spec: no fraction digits), once the cart's enhancers (a chunk
    // the page loads as it finds the totals) have taken them over.
    await page.waitForFunction(() =>
      /£115(?![.,\d])/.test(document.querySelector('.cart-page .totals').textContent),
    );
    await shop.screenshot(page, 'cart-in-pounds');
    await page.close();
  });

  test('sees a pre-order announced to the widgets', async () => {
    const page = await shop.newPage({ width: 390 });
    await page.addInitScript(() => {
      window.preorderEvents = 0;
      document.addEventListener('knitfront:preorder-show', () => window.preorderEvents++);
    });
    await page.goto(shop.url('/products/cropped-bobble-cardigan'));
    assert.equal(await page.evaluate(() => window.knitfrontPreorderShown), false);
    await page.click('.colour-picker__list a[title="Sky"]');
    // On a phone the product form's buttons give way to the sticky footer's copies.
    await page.waitForSelector('preorder-button:not([hidden])', { state: 'attached' });
    assert.equal(await page.evaluate(() => window.knitfrontPreorderShown), true);
    assert.equal(await page.evaluate(() => window.preorderEvents), 1);
    // The payment options come with the pre-order; with one option only, they stay hidden.
    assert.equal(
      await page.locator('[data-selling-plan-group] input[name=selling_plan]').count(),
      1,
    );
    assert.ok(await page.isHidden('[data-selling-plan-group]'), 'one payment option shows');
    assert.deepEqual(
      await page.evaluate(() =>
        [...document.querySelectorAll('.pdp-cta-footer button')]
          .filter((button) => !button.hidden)
          .map((button) => button.id),
      ),
      ['PreorderButton-template--product__main-Copy-CtaFooter'],
      'Add to cart gives way to Pre-order',
    );

    await page.click(VISIBLE_PREORDER);
    await page.waitForSelector('cart-drawer.active .cart-item__plan');
    assert.match(await page.textContent('cart-drawer .totals'), /Due today\s*€23\b/);
    await shop.screenshot(page, 'cart-drawer-preorder', { fullPage: false });
    await page.close();
  });

  test('finds the collections and the country selector in the menu on a phone', async () => {
    const page = await shop.newPage({ width: 390 });
    await page.goto(shop.url('/'));
    assert.ok(await page.isHidden('.header__inline-menu'), 'the desktop menu shows on a phone');
    await page.click('.menu-drawer > summary');
    await page.waitForSelector('.menu-drawer__panel a[href="/pages/knitters"]');
    assert.ok(await page.isVisible('#MenuDrawerCountry-Select'));
    await shop.screenshot(page, 'menu', { fullPage: false });
    await Promise.all([
      page.waitForURL(/\/collections\/socks$/),
      page.click('.menu-drawer__link:has-text("Socks")'),
    ]);
    await page.close();
  });

  test('keeps typing a note while the widgets save it, and sees their line changes', async () => {
    const page = await shop.newPage({ width: 1280 });
    await page.goto(shop.url('/products/oat-cable-sweater'));
    await page.click('#ProductSubmitButton-template--product__main');
    await page.waitForSelector('cart-drawer.active #CartDrawer-CartItems .cart-item');
    // The note widget saves with update.js and announces the cart: the drawer stays as it is.
    await page.evaluate(() =>
      document.querySelector('#CartDrawer-Note').setAttribute('data-marker', ''),
    );
    await page.evaluate(async () => {
      const response = await fetch('/cart/update.js', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ note: 'Wrap it, please' }),
      });
      const cart = await response.json();
      document.dispatchEvent(new CustomEvent('knitfront:cart-updated', { detail: cart }));
    });
    await page.waitForTimeout(300);
    assert.ok(
      await page.isVisible('#CartDrawer-Note[data-marker]'),
      'saving the note rendered the drawer again',
    );
    // A change of the lines through CartJS shows.
    await page.evaluate(async () => (await window.knitfrontCartLibrary()).updateItem(1, 2));
    await page.waitForSelector('#CartDrawer-Note:not([data-marker])');
    assert.equal(await page.inputValue('#CartDrawer-CartItems .quantity__input'), '2');
    assert.equal(await page.inputValue('#CartDrawer-Note'), 'Wrap it, please');
    await page.close();
  });

  test('adds the recommended product with CartJS, as the recommendation card does', async () => {
    const page = await shop.newPage({ width: 1280 });
    await page.goto(shop.url('/products/oat-cable-sweater'));
    await page.click('#ProductSubmitButton-template--product__main');
    await page.waitForSelector('cart-drawer.active cart-recommendation-card');
    const id = await page.getAttribute('cart-recommendation-card', 'id');
    await page.evaluate(
      async (variant) => (await window.knitfrontCartLibrary()).addItem(variant, 1),
      id,
    );
    await page.waitForFunction(
      () => document.querySelectorAll('#CartDrawer-CartItems .cart-item').length === 2,
    );
    assert.equal(await page.evaluate(() => window.CartJS.cart.item_count), 2);
    await page.close();
  });
});
