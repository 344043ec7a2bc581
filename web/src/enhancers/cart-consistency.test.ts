import jQuery from 'jquery';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceCart, type AjaxCart, type CartJSLibrary, type JQueryLibrary } from '../api/cart';
import { CART_FIX_START_DELAY_MS, CART_RECALC_DEBOUNCE_MS, EVENTS } from '../constants';
import '../test/api';
import { ORIGIN, server } from '../test/server';
import { recordCartChanges } from '../api/cart-changes';
import { startCartConsistency, startCartConsistencyAfterLoad } from './cart-consistency';

function cartOf(quantity: number, total = 3500 * quantity): AjaxCart {
  return {
    currency: 'EUR',
    items: [{ quantity, original_price: 3500, final_price: total / quantity }],
    original_total_price: 3500 * quantity,
    total_price: total,
    total_discount: 3500 * quantity - total,
    item_count: quantity,
  };
}

/**
 * A stand-in for CartJS as the theme loads it: updateItem sends /cart/change.js through jQuery
 * (raising ajaxSend) and, when the request is over, raises cart.requestComplete with the cart, as
 * CartJS's queue does. With reportsRequests false it raises only cart.requestComplete, as a
 * library would whose requests jQuery does not see.
 */
function fakeCartJS(cart: AjaxCart, { reportsRequests = true } = {}) {
  const $document = jQuery(document);
  const library = {
    cart,
    addItem: vi.fn(),
    updateItem: vi.fn((line: number, quantity: number) => {
      if (reportsRequests) $document.trigger('ajaxSend', [{}, { url: '/cart/change.js' }]);
      setTimeout(() => {
        library.cart = { ...library.cart, items: [{ ...library.cart.items[0]!, quantity }] };
        $document.trigger('cart.requestComplete', [library.cart]);
      }, 20);
    }),
  } satisfies CartJSLibrary;
  window.CartJS = library;
  return library;
}

/** CartJS's event after a request of its own kind, such as addItem's /cart/add.js. */
function cartJSCompletes(path: string, cart: AjaxCart) {
  jQuery(document).trigger('ajaxSend', [{}, { url: path }]);
  jQuery(document).trigger('cart.requestComplete', [cart]);
}

let fixes: (AjaxCart | null)[];
const recordFix = (event: Event) => fixes.push((event as CustomEvent<AjaxCart | null>).detail);
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  window.jQuery = jQuery as unknown as JQueryLibrary;
  fixes = [];
  document.addEventListener(EVENTS.cartFixApplied, recordFix);
});
afterEach(() => {
  stop();
  document.removeEventListener(EVENTS.cartFixApplied, recordFix);
  delete window.CartJS;
  delete window.jQuery;
  vi.useRealTimers();
});

describe('the cart recalculation nudge', () => {
  it('sets the first line quantity again 100 ms after a cart request completes', async () => {
    const cartJS = fakeCartJS(cartOf(2));
    stop = startCartConsistency();

    cartJSCompletes('/cart/add.js', cartOf(2));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS - 1);
    expect(cartJS.updateItem).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(cartJS.updateItem).toHaveBeenCalledExactlyOnceWith(1, 2);
  });

  it('waits for the requests of a moment to be over', async () => {
    const cartJS = fakeCartJS(cartOf(3));
    stop = startCartConsistency();

    for (let i = 0; i < 5; i++) {
      cartJSCompletes('/cart/add.js', cartOf(3));
      await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS - 10);
    }
    expect(cartJS.updateItem).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(cartJS.updateItem).toHaveBeenCalledOnce();
  });

  it("raises 'cart fix applied' and refreshes the totals after a quantity change instead", async () => {
    const cartJS = fakeCartJS(cartOf(1));
    document.body.innerHTML = `<cart-drawer><div class="drawer__footer"><div class="totals"
      data-currency="EUR" data-original-total="3500" data-discounts="0" data-due-now="3500"
      data-due-later="0" data-item-count="1"><span data-cart-value="dueNow">€35,00</span></div></div></cart-drawer>`;
    stop = startCartConsistency();

    // The theme's quantity buttons change a line with /cart/change.js and announce it.
    announceCart(cartOf(4), '/cart/change.js');
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);

    expect(cartJS.updateItem).not.toHaveBeenCalled();
    expect(fixes).toEqual([cartOf(4)]);
    expect(document.querySelector('[data-cart-value="dueNow"]')?.textContent).toBe('€140');
    document.body.innerHTML = '';
  });

  it("takes CartJS's updateItem for a quantity change", async () => {
    const cartJS = fakeCartJS(cartOf(1));
    stop = startCartConsistency();

    cartJSCompletes('/cart/change.js', cartOf(2));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);

    expect(cartJS.updateItem).not.toHaveBeenCalled();
    expect(fixes).toHaveLength(1);
  });

  it('never sets itself off again: one nudge, then one fix, then quiet', async () => {
    // The library's requests are invisible to jQuery here, so only the guard can tell that the
    // completion after the nudge is the nudge's own: without it, every nudge would nudge again.
    const cartJS = fakeCartJS(cartOf(2), { reportsRequests: false });
    stop = startCartConsistency();

    cartJSCompletes('/cart/add.js', cartOf(2));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(cartJS.updateItem).toHaveBeenCalledOnce();
    expect(fixes).toHaveLength(1);
  });

  it('nudges again after the next change, once', async () => {
    const cartJS = fakeCartJS(cartOf(1));
    stop = startCartConsistency();

    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(1000);
    cartJSCompletes('/cart/add.js', cartOf(2));
    await vi.advanceTimersByTimeAsync(1000);

    expect(cartJS.updateItem.mock.calls).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(fixes).toHaveLength(2);
  });

  it('leaves an empty cart alone', async () => {
    const cartJS = fakeCartJS(cartOf(1));
    stop = startCartConsistency();

    cartJSCompletes('/cart/change.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(1000);
    cartJSCompletes('/cart/clear.js', { ...cartOf(1), items: [], item_count: 0 });
    await vi.advanceTimersByTimeAsync(1000);

    expect(cartJS.updateItem).not.toHaveBeenCalled();
  });

  it('reads the cart first when the request came without one, so as not to undo a change', async () => {
    const cartJS = fakeCartJS(cartOf(1));
    server.use(http.get(`${ORIGIN}/cart.js`, () => HttpResponse.json(cartOf(5))));
    stop = startCartConsistency();

    document.dispatchEvent(new CustomEvent(EVENTS.cartUpdated));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    await vi.waitFor(() => expect(cartJS.updateItem).toHaveBeenCalledExactlyOnceWith(1, 5));
  });

  it('posts /cart/change.js itself without CartJS, and announces the answer', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(`${ORIGIN}/cart/change.js`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(cartOf(3, 9000));
      }),
    );
    const announced: (AjaxCart | null)[] = [];
    const record = (event: Event) => announced.push((event as CustomEvent<AjaxCart>).detail);
    document.addEventListener(EVENTS.cartUpdated, record);
    stop = startCartConsistency();

    announceCart(cartOf(3), '/cart/add.js');
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    await vi.waitFor(() => expect(announced).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(posted).toEqual([{ line: 1, quantity: 3 }]);
    expect(announced[1]).toEqual(cartOf(3, 9000));
    expect(fixes).toEqual([cartOf(3, 9000)]);
    document.removeEventListener(EVENTS.cartUpdated, record);
  });

  it('logs a failed nudge, and nudges after the next request', async () => {
    server.use(
      http.post(`${ORIGIN}/cart/change.js`, () => new HttpResponse(null, { status: 500 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stop = startCartConsistency();

    announceCart(cartOf(1), '/cart/add.js');
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledOnce());
    announceCart(cartOf(1), '/cart/add.js');
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);

    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(fixes).toEqual([]);
  });

  it('starts 1 s after the page has loaded', async () => {
    const cartJS = fakeCartJS(cartOf(1));
    stop = startCartConsistencyAfterLoad();

    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(CART_FIX_START_DELAY_MS - 1);
    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    expect(cartJS.updateItem).not.toHaveBeenCalled();

    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    expect(cartJS.updateItem).toHaveBeenCalledOnce();
  });

  it.each([
    { case: 'before the second after the load is over, for what remains of it', loadedAgo: 400 },
    { case: 'after it, at once', loadedAgo: 2500 },
  ])('starts, loaded $case', async ({ loadedAgo }) => {
    // The page loaded loadedAgo ms before the cart's enhancers did (with its first cart action).
    vi.spyOn(performance, 'now').mockReturnValue(10_000);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { loadEventEnd: 10_000 - loadedAgo } as PerformanceNavigationTiming,
    ]);
    const cartJS = fakeCartJS(cartOf(1));
    stop = startCartConsistencyAfterLoad();
    const remaining = Math.max(0, CART_FIX_START_DELAY_MS - loadedAgo);

    if (remaining > 0) {
      await vi.advanceTimersByTimeAsync(remaining - 1);
      cartJSCompletes('/cart/add.js', cartOf(1));
      await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
      expect(cartJS.updateItem).not.toHaveBeenCalled();
    }
    await vi.advanceTimersByTimeAsync(1);
    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    expect(cartJS.updateItem).toHaveBeenCalledOnce();
  });

  it('nudges after an addition that completed while its code was loading, from its start on', async () => {
    // The page loaded at 100, so the nudge starts at 1100; the shopper's press at 1000 requests
    // its code, which arrives at 1400, after an addition that completed at addedAt.
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { loadEventEnd: 100 } as PerformanceNavigationTiming,
    ]);
    const cartJS = fakeCartJS(cartOf(1));
    const addedWhileLoading = async (addedAt: number) => {
      now = 1000;
      const recorded = recordCartChanges();
      now = addedAt;
      cartJSCompletes('/cart/add.js', cartOf(1));
      now = 1400;
      stop = startCartConsistencyAfterLoad(recorded);
      await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    };

    await addedWhileLoading(1050);
    expect(cartJS.updateItem, 'an addition before the start is left alone').not.toHaveBeenCalled();
    stop();

    await addedWhileLoading(1300);
    expect(cartJS.updateItem).toHaveBeenCalledExactlyOnceWith(1, 1);

    // Later changes come as they complete.
    await vi.advanceTimersByTimeAsync(1000);
    cartJSCompletes('/cart/add.js', cartOf(1));
    await vi.advanceTimersByTimeAsync(CART_RECALC_DEBOUNCE_MS);
    expect(cartJS.updateItem).toHaveBeenCalledTimes(2);
  });
});
