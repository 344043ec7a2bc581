import { announceCart, CART_PATHS, getCart, postCart, type AjaxCart } from '../api/cart';
import { CART_FIX_START_DELAY_MS, CART_RECALC_DEBOUNCE_MS, EVENTS } from '../constants';
import { onCartChange, type CartChange, type RecordedCartChanges } from '../api/cart-changes';
import { refreshCartTotals } from './cart-drawer-totals';

/**
 * The cart recalculation nudge: a shop may leave a cart's discounts and pre-order
 * charges as they were before the last change, and setting a line's quantity makes it work them
 * out again. So, once the cart requests of a moment are over (debounced), the first line's
 * quantity is set again, to what it is. When the requests were themselves a quantity change, the
 * shop has just recalculated: 'cart fix applied' (knitfront:cart-fix-applied, with the cart) is
 * raised instead, and the drawer totals refresh.
 *
 * The loop guard: the nudge is a cart request too, and its completion must not nudge again. The
 * first completion after a nudge is the nudge's own (CartJS runs its requests in a queue, and
 * without CartJS the nudge announces its answer itself), so it counts as a quantity change
 * whatever its source tells of it. listen gives the cart changes (by default as they complete
 * from now on). Returns the function that stops.
 */
export function startCartConsistency(
  listen: (listener: (change: CartChange) => void) => () => void = onCartChange,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The cart after the last completed request; null when that request came without one. */
  let cart: AjaxCart | null = null;
  let quantityChanged = false;
  let nudging = false;

  const stop = listen((change) => {
    cart = change.cart;
    if (nudging || change.request === CART_PATHS.change) quantityChanged = true;
    nudging = false;
    clearTimeout(timer);
    timer = setTimeout(() => void settle(), CART_RECALC_DEBOUNCE_MS);
  });

  async function settle() {
    if (quantityChanged) {
      quantityChanged = false;
      document.dispatchEvent(new CustomEvent(EVENTS.cartFixApplied, { detail: cart }));
      await refreshCartTotals(cart);
      return;
    }
    try {
      // Setting a stale quantity would undo a change: take it from the cart as it is now.
      const first = (cart ?? (await getCart())).items[0];
      if (!first) return;
      nudging = true;
      await setFirstLineQuantity(first.quantity);
    } catch (error) {
      nudging = false;
      console.error(error);
    }
  }

  return () => {
    stop();
    clearTimeout(timer);
  };
}

/** Sets the first line's quantity: through CartJS when the page has it, else with change.js. */
async function setFirstLineQuantity(quantity: number): Promise<void> {
  if (window.CartJS) {
    window.CartJS.updateItem(1, quantity);
    return;
  }
  announceCart(await postCart(CART_PATHS.change, { line: 1, quantity }), CART_PATHS.change);
}

/** How long ago the page's load event ended, in milliseconds; 0 when the browser does not say. */
function sinceLoad(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.loadEventEnd > 0
    ? performance.now() - navigation.loadEventEnd
    : 0;
}

/**
 * Starts the nudge 1 s after the page has loaded: 1 s after its load event, or what remains of that
 * second when it comes after the load (the cart's enhancers load with the page's first cart
 * action), at once when the second has passed. Given the cart changes recorded since that action,
 * it nudges after those that completed from its start on, as the shopper's first addition may
 * complete while this code is still loading. Returns the function that stops.
 */
export function startCartConsistencyAfterLoad(recorded?: RecordedCartChanges): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = () => {};
  const start = () => {
    // When this code comes after that second, the nudge's start is in the past.
    const startsAt = performance.now() - sinceLoad() + CART_FIX_START_DELAY_MS;
    const delay = Math.max(0, startsAt - performance.now());
    timer = setTimeout(
      () => (stop = startCartConsistency(recorded && ((listener) => recorded(listener, startsAt)))),
      delay,
    );
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    clearTimeout(timer);
    stop();
  };
}
