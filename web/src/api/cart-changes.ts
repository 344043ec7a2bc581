import { isAjaxCart, type AjaxCart, type CartUpdatedEvent, type JQueryLibrary } from './cart';
import { EVENTS } from '../constants';

/** A completed cart request, whoever made it. */
export interface CartChange {
  /** The cart after it; null when its source gave none. */
  cart: AjaxCart | null;
  /**
   * The path of the cart call that changed the cart ('/cart/add.js', '/cart/change.js', ...), when
   * its source says: /cart/change.js sets a line's quantity.
   */
  request: string | null;
}

/**
 * Calls listener after each cart request of the page completes, from either source:
 * - knitfront:cart-updated, which the theme raises after its own cart calls and the widgets after
 *   theirs, with the cart and the call's path;
 * - CartJS's jQuery event cart.requestComplete, raised with CartJS's cart once its queue of
 *   requests has run; the path is the last cart call (other than GET /cart.js) jQuery sent for it.
 *   jQuery is there from the start when the theme loads it, else once the widgets have loaded it.
 * Returns the function that stops listening.
 */
export function onCartChange(listener: (change: CartChange) => void): () => void {
  const onCartUpdated = (event: Event) => {
    const { detail, cartRequest } = event as CartUpdatedEvent;
    listener({ cart: isAjaxCart(detail) ? detail : null, request: cartRequest ?? null });
  };
  document.addEventListener(EVENTS.cartUpdated, onCartUpdated);

  let request: string | null = null;
  const onAjaxSend = (_event: unknown, _xhr: unknown, settings: { url?: string }) => {
    const path = new URL(settings.url ?? '', window.location.href).pathname;
    if (path.startsWith('/cart/')) request = path;
  };
  const onRequestComplete = (_event: unknown, cart: unknown) => {
    const change = { cart: isAjaxCart(cart) ? cart : null, request };
    request = null;
    listener(change);
  };
  let jQueryDocument: ReturnType<JQueryLibrary> | undefined;
  const listenToJQuery = () => {
    jQueryDocument = window.jQuery?.(document);
    jQueryDocument?.on('ajaxSend', onAjaxSend);
    jQueryDocument?.on('cart.requestComplete', onRequestComplete);
  };
  if (window.jQuery) listenToJQuery();
  else document.addEventListener(EVENTS.cartLibraryLoaded, listenToJQuery, { once: true });

  return () => {
    document.removeEventListener(EVENTS.cartUpdated, onCartUpdated);
    document.removeEventListener(EVENTS.cartLibraryLoaded, listenToJQuery);
    jQueryDocument?.off('ajaxSend', onAjaxSend);
    jQueryDocument?.off('cart.requestComplete', onRequestComplete);
  };
}

/** Gives a listener the cart changes recorded since a moment, and each one after it. */
export type RecordedCartChanges = (
  listener: (change: CartChange) => void,
  since: number,
) => () => void;

/**
 * Starts listening to the page's cart changes now, for a listener whose code is still loading
 * (the recalculation nudge's chunk is requested with the shopper's first cart action, and the
 * addition may complete before it arrives). The function returned gives its listener each change
 * kept that completed at or after since (a performance.now() time), then every change as it
 * completes, until the function it returns stops it all.
 */
export function recordCartChanges(): RecordedCartChanges {
  let kept: { at: number; change: CartChange }[] = [];
  let deliver: ((change: CartChange) => void) | null = null;
  const stopListening = onCartChange((change) => {
    if (deliver) deliver(change);
    else kept.push({ at: performance.now(), change });
  });
  return (listener, since) => {
    for (const { at, change } of kept) if (at >= since) listener(change);
    kept = [];
    deliver = listener;
    return () => {
      deliver = null;
      stopListening();
    };
  };
}
