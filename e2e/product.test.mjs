// The product page on the dev storefront, as a shopper sees it at desktop and phone widths: the buy
// button reads 'for {price}' and follows the variant and the currency, a pre-order reads
// 'Pre Order for {price}', a one-option payment group is hidden, a phone buys from the sticky
// footer, the skeleton goes within a second of load, and the pre-order strip shows its message.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { WIDTHS, buttonsReady, chooseCurrency, openShop } from './harness.mjs';

const SECTION = 'template--product__main';
// Sage / XS at the full price; Rose / S 25% off by a variant discount.
const MEADOW = {
  handle: 'meadow-button-cardigan',
  full: '45123456001101',
  discounted: '45123456001112',
};
// Open for pre-order: two payment options, and a pre-order message on its first variant.
const SNOWFALL = {
  handle: 'snowfall-yoke-sweater',
  variant: '45123456000601',
  message: 'Ships in early February — knitted to order',
};
// Open for pre-order with one payment option.
const BERRY = { handle: 'berry-patch-cardigan' };
const REGULAR = { handle: 'oat-cable-sweater' };
const PHONE = 390;
const DESKTOP = 1280;
// The bound on the skeleton: gone within a second of the load event.
const SKELETON_GONE_MS = 1000;

let shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.close());

/** The price the price widget shows on the product page. */
async function shownPrice(page) {
  const price = page.locator(
    '.product__price .price__container .kf-price[data-state=ready] .kf-price__current',
  );
  return (await price.textContent()).trim();
}

/** The buy buttons a shopper can see, by their text: the product form's or the footer's. */
async function visibleBuyButtons(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button[type=submit][name=add]')]
      .filter((button) => button.checkVisibility())
      .map((button) => ({
        text: button.textContent.replace(/\s+/g, ' ').trim(),
        inFooter: button.closest('.pdp-cta-footer') !== null,
      })),
  );
}

describe('the buy button', () => {
  test('reads for {price}, and follows the variant and the currency', async () => {
    const page = await shop.newPage({ width: DESKTOP });
    await page.goto(shop.url(`/products/${MEADOW.handle}`));
    await buttonsReady(page);
    assert.equal(await shownPrice(page), '€139');
    assert.deepEqual(await visibleBuyButtons(page), [
      { text: 'Add to cart for €139', inFooter: false },
    ]);

    // Rose, then size S: the variant with its own discount.
    await page.click('.colour-picker__list a[title="Rose"]');
    await page.click(`.size-picker__list a[href*="variant=${MEADOW.discounted}"]`);
    await page.waitForFunction(() =>
      document
        .querySelector('#ProductSubmitButton-template--product__main')
        .textContent.includes('€104'),
    );
    assert.equal(await shownPrice(page), '€104');

    await chooseCurrency(page, 'USD');
    await page.waitForFunction(() =>
      document
        .querySelector('#ProductSubmitButton-template--product__main')
        .textContent.includes('$'),
    );
    const dollars = await shownPrice(page);
    assert.match(dollars, /^\$\d+$/);
    assert.deepEqual(await visibleBuyButtons(page), [
      { text: `Add to cart for ${dollars}`, inFooter: false },
    ]);
    await shop.screenshot(page, 'product-buy-button-usd', { fullPage: false });
    await page.close();
  });

  for (const width of WIDTHS) {
    test(`reads Pre Order for {price} on a pre-order, at ${width} px`, async () => {
      const page = await shop.newPage({ width });
      await page.goto(shop.url(`/products/${SNOWFALL.handle}`));
      await buttonsReady(page);
      const price = await shownPrice(page);
      assert.deepEqual(await visibleBuyButtons(page), [
        { text: `Pre Order for ${price}`, inFooter: width === PHONE },
      ]);
      // The original pre-order button is hidden; its copy beside it carries the price.
      assert.ok(await page.isHidden(`#PreorderButton-${SECTION}`));
      assert.equal(
        await page.getAttribute(`#PreorderButton-${SECTION} + button`, 'id'),
        `PreorderButton-${SECTION}-Copy`,
      );
      await shop.screenshot(page, 'product-preorder', {
        fullPage: width === DESKTOP,
      });
      await page.close();
    });
  }

  test('hides the payment options when they offer one plan only', async () => {
    const page = await shop.newPage({ width: DESKTOP });
    await page.goto(shop.url(`/products/${BERRY.handle}`));
    await buttonsReady(page);
    assert.ok(await page.isHidden('[data-selling-plan-group]'), 'one plan: hidden');
    assert.equal(
      await page.locator('[data-selling-plan-group] input[name=selling_plan]').count(),
      1,
    );

    await page.goto(shop.url(`/products/${SNOWFALL.handle}`));
    await buttonsReady(page);
    assert.ok(await page.isVisible('[data-selling-plan-group]'), 'two plans: shown');
    await page.close();
  });

  test('the skeleton is gone within a second of load', async (t) => {
    for (const width of WIDTHS) {
      for (const handle of [REGULAR.handle, SNOWFALL.handle]) {
        const page = await shop.newPage({ width });
        await page.addInitScript(() => {
          new MutationObserver(() => {
            if (document.documentElement.getAttribute('data-kf-buy-buttons') === 'ready')
              window.kfButtonsReadyAt ??= performance.now();
          }).observe(document, {
            subtree: true,
            attributes: true,
            attributeFilter: ['data-kf-buy-buttons'],
          });
        });
        await page.goto(shop.url(`/products/${handle}`), { waitUntil: 'load' });
        await buttonsReady(page);
        const { readyAt, loadAt } = await page.evaluate(() => ({
          readyAt: window.kfButtonsReadyAt,
          loadAt: performance.getEntriesByType('navigation')[0].loadEventStart,
        }));
        const afterLoad = Math.round(readyAt - loadAt);
        t.diagnostic(`skeleton gone ${afterLoad} ms after load on ${handle} at ${width} px`);
        assert.ok(afterLoad <= SKELETON_GONE_MS, `${afterLoad} ms after load on ${handle}`);
        await page.close();
      }
    }
  });
});

describe('a phone', () => {
  test('buys from the sticky footer, with the quantity and payment chosen in the page', async () => {
    const page = await shop.newPage({ width: PHONE });
    await page.goto(shop.url(`/products/${SNOWFALL.handle}`));
    await buttonsReady(page);
    assert.ok(await page.isHidden('product-form .product-form__buttons'), 'the buttons show');
    assert.ok(await page.isHidden('.product-form__disclaimer'), 'the disclaimer shows');
    assert.ok(await page.isVisible('.pdp-cta-footer'), 'the footer is hidden');
    const footer = await page.locator('.pdp-cta-footer').boundingBox();
    assert.equal(Math.round(footer.y + footer.height), 900, 'the footer is not at the bottom');

    await page.click('product-form .quantity__button[name=plus]');
    await page.click('[data-selling-plan-group] .selling-plan-option:nth-of-type(2) label');
    const plan = await page.inputValue(
      '[data-selling-plan-group] input[name=selling_plan]:checked',
    );
    await page.click('.pdp-cta-footer button:visible');
    await page.waitForSelector('cart-drawer.active .cart-item');
    const cart = await page.evaluate(async () => (await fetch('/cart.js')).json());
    assert.equal(cart.items.length, 1);
    assert.equal(cart.items[0].variant_id, Number(SNOWFALL.variant));
    assert.equal(cart.items[0].quantity, 2);
    assert.equal(String(cart.items[0].selling_plan_allocation.selling_plan.id), plan);
    await page.close();
  });

  test('sees the buy buttons in the page, not in a footer, on a desktop', async () => {
    const page = await shop.newPage({ width: DESKTOP });
    await page.goto(shop.url(`/products/${REGULAR.handle}`));
    await buttonsReady(page);
    assert.ok(await page.isVisible('product-form .product-form__buttons'));
    assert.ok(await page.isVisible('.product-form__disclaimer'));
    assert.ok(await page.isHidden('.pdp-cta-footer'));
    await page.close();
  });
});

describe('the pre-order strip', () => {
  test('shows the message in the page on a desktop, and fixed above the footer on a phone', async () => {
    for (const width of WIDTHS) {
      const page = await shop.newPage({ width });
      await page.goto(shop.url(`/products/${SNOWFALL.handle}`));
      await buttonsReady(page);
      const strip = page.locator('preorder-strip .kf-preorder-strip');
      assert.equal((await strip.textContent()).trim(), SNOWFALL.message);
      const position = await strip.evaluate((element) => getComputedStyle(element).position);
      if (width === PHONE) {
        assert.equal(position, 'fixed');
        await page.waitForTimeout(400); // the fly-in
        const box = await strip.boundingBox();
        const footer = await page.locator('.pdp-cta-footer').boundingBox();
        assert.equal(Math.round(box.y + box.height), Math.round(footer.y), 'not on the footer');
        await shop.screenshot(page, 'product-preorder-strip', {
          fullPage: false,
        });
      } else {
        assert.equal(position, 'static');
      }
      await page.close();
    }
  });

  test("asks the Storefront API for the variant's message when the theme gives none", async () => {
    const page = await shop.newPage({ width: DESKTOP });
    const queries = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql.json')) queries.push(request.postDataJSON());
    });
    await page.goto(shop.url(`/products/${REGULAR.handle}`));
    assert.equal(await page.locator('.kf-preorder-strip').count(), 0);
    assert.deepEqual(queries, [], 'a strip with its message asked the Storefront API');

    await page.evaluate(
      ([handle, variant]) => {
        const strip = document.createElement('preorder-strip');
        strip.setAttribute('handle', handle);
        strip.setAttribute('variantId', variant);
        document.querySelector('.product__info-container').append(strip);
      },
      [SNOWFALL.handle, SNOWFALL.variant],
    );
    await page.waitForSelector('.product__info-container > preorder-strip .kf-preorder-strip');
    assert.equal(
      (await page.textContent('.product__info-container > preorder-strip')).trim(),
      SNOWFALL.message,
    );
    assert.equal(queries.length, 1);
    assert.deepEqual(queries[0].variables, { handle: SNOWFALL.handle });
    await page.close();
  });
});
