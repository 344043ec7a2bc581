import { EVENTS } from '../constants';
import { CART_FIGURES } from '../theme/selectors';

/** A form that adds to the cart: the product form, a card's quick add, a copy in a sticky footer. */
const ADD_TO_CART_FORM = 'form[action$="/cart/add"]';
/** What a shopper does in such a form before it sends: the press or key comes before the submit. */
const CART_ACTION_EVENTS = ['pointerdown', 'keydown', 'submit'] as const;

/**
 * Calls start, once, when the page first needs the cart's enhancers (the totals in the display
 * currency, the recalculation nudge): at once when it shows cart figures (the drawer's or the cart
 * page's totals, a money slot such as a pre-order's due today), or when they appear or a theme
 * adapter marks them, or when the shopper begins a cart action (a press or a key in a form that
 * adds to the cart, ahead of its request), or a cart request completes or the cart library loads.
 * A page seen with an empty cart and left without a cart action never loads their code. Returns
 * the function that stops waiting.
 */
export function whenCartNeeded(start: () => void): () => void {
  let started = false;
  const watcher = new MutationObserver(() => {
    if (document.querySelector(CART_FIGURES)) begin();
  });
  const onCartAction = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(ADD_TO_CART_FORM)) begin();
  };

  function stop() {
    watcher.disconnect();
    for (const type of CART_ACTION_EVENTS) document.removeEventListener(type, onCartAction, true);
    document.removeEventListener(EVENTS.cartUpdated, begin);
    document.removeEventListener(EVENTS.cartLibraryLoaded, begin);
  }
  function begin() {
    if (started) return;
    started = true;
    stop();
    start();
  }

  if (document.querySelector(CART_FIGURES)) {
    begin();
    return stop;
  }
  watcher.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-cart-totals', 'data-money-minor'],
  });
  for (const type of CART_ACTION_EVENTS) document.addEventListener(type, onCartAction, true);
  document.addEventListener(EVENTS.cartUpdated, begin);
  document.addEventListener(EVENTS.cartLibraryLoaded, begin);
  return stop;
}
