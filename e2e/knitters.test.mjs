// The 'All Knitters' page in a browser: a knitter opened by its address and scrolled to, feedback
// posted and listed (and still listed after a reload), a script posted as feedback shown as text,
// the error message when the API refuses a review, the keyboard, and the page's code loaded only
// on this page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { WIDTHS, openShop } from './harness.mjs';

// The spec's texts and numbers (web/src/constants.ts).
const SUBMITTED = 'Review submitted successfully!';
const FAILED = 'There was an error submitting your message. Please try again later.';
const NO_REVIEWS = 'No messages yet. Be first one to leave a feedback.';
const SCROLL_OFFSET = { 1280: 114, 390: 52 };
/** How long an answer of the API takes in the layout shift test: a shop's API is not on loopback. */
const API_LATENCY_MS = 300;

const item = (id) => `.kf-knitter[data-knitter-id="${id}"]`;
const header = (id) => `${item(id)} .kf-knitter__button`;

let shop;
before(async () => {
  // Every knitter gets feedback here, more than the default limit of posts a minute allows.
  process.env.KNITFRONT_REVIEW_RATE_LIMIT = '100/1m';
  shop = await openShop();
});
after(() => shop?.close());

/** Opens the knitters page with a knitter's item open, its feedback loaded. */
async function openKnitter(page, id) {
  await page.goto(shop.url(`/pages/knitters?knitter=${id}`));
  await page.waitForSelector(`${item(id)} .kf-knitter__panel[data-phase="open"]`);
  await page.waitForSelector(`${item(id)} .kf-feedback[aria-busy="false"]`);
}

/** Fills in the feedback form of a knitter's item. */
async function fillFeedback(page, id, name, body) {
  await page.fill(`${item(id)} input[name="created_by"]`, name);
  await page.fill(`${item(id)} textarea[name="body"]`, body);
}

/** The reviews listed in a knitter's item: author and text. */
function listedReviews(page, id) {
  return page.$$eval(`${item(id)} .kf-review`, (reviews) =>
    reviews.map((review) => ({
      author: review.querySelector('.kf-review__author').textContent,
      body: review.querySelector('.kf-review__body').textContent,
    })),
  );
}

/** Waits until the page has stopped scrolling, and gives how far below the top an element is. */
async function restingTop(page, selector) {
  let last = NaN;
  for (;;) {
    await page.waitForTimeout(100);
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) break;
    last = y;
  }
  return page.$eval(selector, (element) => element.getBoundingClientRect().top);
}

describe('the knitters page', () => {
  for (const width of WIDTHS) {
    test(`opens the knitter of the address and scrolls to it, at ${width} px`, async () => {
      const page = await shop.newPage({ width });
      await openKnitter(page, 5);

      assert.equal(await page.textContent('knitters-page h1'), 'All Knitters');
      assert.equal(await page.getAttribute(header(5), 'aria-expanded'), 'true');
      assert.equal(await page.locator('.kf-knitter__button[aria-expanded="true"]').count(), 1);
      assert.equal(
        Math.round(await restingTop(page, item(5))),
        SCROLL_OFFSET[width],
        `the opened item rests ${SCROLL_OFFSET[width]} px below the top`,
      );
      assert.equal((await page.textContent(`${item(5)} .kf-feedback__note`)).trim(), NO_REVIEWS);
      assert.ok(await page.isVisible(`${item(5)} .kf-knitter__photo`));
      await shop.screenshot(page, 'knitters-open');

      // Closing collapses the item; the list shows every knitter.
      await page.click(header(5));
      await page.waitForSelector(`${item(5)} .kf-knitter__panel[hidden]`, {
        state: 'attached',
      });
      assert.equal(await page.locator('.kf-knitter').count(), 7);
      await shop.screenshot(page, 'knitters-list');

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
      await page.close();
    });
  }

  for (const width of WIDTHS) {
    test(`moves nothing as the list arrives, at ${width} px`, async () => {
      const page = await shop.newPage({ width });
      await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((list) => {
          for (const shift of list.getEntries()) {
            const nodes = shift.sources.map((source) => source.node).filter(Boolean);
            if (nodes.some((node) => node.closest?.('knitters-page, .section-footer')))
              window.shifts.push(shift.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The API answers as one on another host does, not at once as on loopback: a frame
      // between the knitters and the opened knitter's feedback would show here.
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, API_LATENCY_MS));
        await route.continue();
      });
      await page.goto(shop.url('/pages/knitters?knitter=7'));
      await page.waitForSelector(`${item(7)} .kf-feedback[aria-busy="false"]`);
      await page.waitForTimeout(200);

      assert.deepEqual(await page.evaluate(() => window.shifts), []);
      await page.close();
    });
  }

  test('takes feedback once however often it is clicked, lists it, and still after a reload', async () => {
    const page = await shop.newPage({ width: 1280 });
    await openKnitter(page, 1);
    const posts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });

    await fillFeedback(page, 1, 'Ona', 'The warmest sweater I own.\nThank you, Rūta!');
    await page.dblclick(`${item(1)} .kf-feedback-form button[type="submit"]`);

    await page.waitForSelector(`${item(1)} .kf-feedback-form__success`);
    assert.equal(await page.textContent(`${item(1)} .kf-feedback-form__success`), SUBMITTED);
    assert.equal(
      await page.evaluate(() => document.activeElement?.className),
      'kf-feedback-form__success',
      'focus moves to the message',
    );
    assert.equal(posts.length, 1, 'a double click posts once');
    const expected = [{ author: 'Ona', body: 'The warmest sweater I own.\nThank you, Rūta!' }];
    assert.deepEqual(await listedReviews(page, 1), expected);
    const date = await page.textContent(`${item(1)} .kf-review__date`);
    assert.equal(date, await page.evaluate(() => new Date().toLocaleDateString()));

    await page.reload();
    await page.waitForSelector(`${item(1)} .kf-review`);
    assert.deepEqual(await listedReviews(page, 1), expected);
    await page.close();
  });

  test('shows feedback that holds a script as text, running nothing', async () => {
    const page = await shop.newPage({ width: 1280 });
    await openKnitter(page, 2);
    const payload = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">';

    await fillFeedback(page, 2, '<b>Mallory</b>', payload);
    await page.click(`${item(2)} .kf-feedback-form button[type="submit"]`);
    await page.waitForSelector(`${item(2)} .kf-feedback-form__success`);
    await page.reload();
    await page.waitForSelector(`${item(2)} .kf-review`);

    assert.deepEqual(await listedReviews(page, 2), [{ author: '<b>Mallory</b>', body: payload }]);
    assert.equal(
      await page
        .locator(`${item(2)} .kf-review script, ${item(2)} .kf-review img, ${item(2)} .kf-review b`)
        .count(),
      0,
    );
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await page.close();
  });

  test('shows the error message when the API refuses the feedback, keeping what was typed', async () => {
    const page = await shop.newPage({ width: 390 });
    await openKnitter(page, 3);
    // Nothing in the form limits the text; the API takes at most 2,000 characters.
    const tooLong = 'So warm. '.repeat(230);

    await fillFeedback(page, 3, 'Ona', tooLong);
    await page.click(`${item(3)} .kf-feedback-form button[type="submit"]`);

    await page.waitForSelector(`${item(3)} .kf-feedback-form__error`);
    assert.equal(await page.textContent(`${item(3)} [role="alert"]`), FAILED);
    assert.equal(await page.inputValue(`${item(3)} input[name="created_by"]`), 'Ona');
    assert.equal(await page.inputValue(`${item(3)} textarea[name="body"]`), tooLong);
    assert.equal(await page.locator(`${item(3)} .kf-review`).count(), 0);
    await shop.screenshot(page, 'knitters-feedback-error');
    await page.close({
      allow: [
        /HTTP 400: POST .*\/api\/knitters\/3\/reviews/,
        /console error: Failed to load resource: .* 400/,
        /console error: There was an error submitting your message/,
      ],
    });
  });

  for (const width of WIDTHS) {
    test(`shows a knitter's feedback at ${width} px`, async () => {
      const page = await shop.newPage({ width });
      await openKnitter(page, 1);
      assert.equal(await page.locator(`${item(1)} .kf-review`).count(), 1);
      await shop.screenshot(page, 'knitters-feedback');
      await page.close();
    });
  }

  test('works from the keyboard', async () => {
    const page = await shop.newPage({ width: 1280 });
    await page.goto(shop.url('/pages/knitters'));
    await page.waitForSelector(header(1));

    await page.focus(header(1));
    await page.keyboard.press('ArrowDown');
    assert.equal(
      await page.evaluate(() => document.activeElement.closest('.kf-knitter').dataset.knitterId),
      '2',
    );
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${item(2)} .kf-knitter__panel[data-phase="open"]`);
    const controls = await page.getAttribute(header(2), 'aria-controls');
    assert.ok(await page.isVisible(`[id="${controls}"]`), 'the button controls the opened panel');

    // Tab leads into the panel, to the form's fields, each with its label.
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement.labels?.[0]?.textContent),
      'Your name',
    );
    await page.keyboard.type('Ona');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement.labels?.[0]?.textContent),
      'Your feedback',
    );
    await page.keyboard.type('Lovely socks.');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement.getAttribute('type')),
      'submit',
      'the honeypot takes no focus',
    );
    await page.close();
  });

  test("loads the page's code on this page only, and the bundle once", async () => {
    const scripts = async (path) => {
      const page = await shop.newPage({ width: 1280 });
      const loaded = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') loaded.push(new URL(request.url()));
      });
      await page.goto(shop.url(path));
      await page.waitForLoadState('networkidle');
      await page.close();
      return loaded.filter((url) => url.pathname.startsWith('/assets/knitfront'));
    };

    const product = await scripts('/products/oat-cable-sweater');
    assert.deepEqual(
      product.filter((url) => url.pathname.includes('knitters')),
      [],
      'a product page loads no knitters code',
    );
    const knitters = await scripts('/pages/knitters');
    assert.equal(knitters.filter((url) => url.pathname.includes('knitters')).length, 1);
    // The entry is loaded as knitfront.js?v=...; a chunk importing ./knitfront.js would load
    // and run it a second time.
    assert.deepEqual(
      knitters
        .filter((url) => url.pathname === '/assets/knitfront.js')
        .map((url) => url.search !== ''),
      [true],
    );
  });

  test('takes feedback for every knitter, on a phone', async () => {
    const page = await shop.newPage({ width: 390 });
    await page.goto(shop.url('/pages/knitters'));
    await page.waitForSelector('.kf-knitter');
    const ids = await page.$$eval('.kf-knitter', (items) => items.map((i) => i.dataset.knitterId));
    assert.equal(ids.length, 7);

    for (const id of ids) {
      await openKnitter(page, id);
      const before = (await listedReviews(page, id)).length;
      await fillFeedback(page, id, `Visitor of ${id}`, `Thank you, knitter ${id}.`);
      await page.click(`${item(id)} .kf-feedback-form button[type="submit"]`);
      await page.waitForSelector(`${item(id)} .kf-feedback-form__success`);
      const listed = await listedReviews(page, id);
      assert.equal(listed.length, before + 1);
      assert.deepEqual(listed[0], {
        author: `Visitor of ${id}`,
        body: `Thank you, knitter ${id}.`,
      });
    }
    await page.close();
  });
});
