import { EVENTS } from '../constants';
import { getCart, type AjaxCart, type CartJSLibrary } from './cart';

/**
 * What the theme tells the widgets of its cart library: jQuery and CartJS weigh about 31 KB
 * gzipped, and only a cart action of the widgets (the recommendation card's Add to cart) needs
 * them, so the theme does not load them on every page but names them here.
 */
export interface ThemeCartLibrary {
  /** The scripts' URLs, in the order they must run (jQuery first: CartJS needs it). */
  scripts: string[];
  /** Starts CartJS (CartJS.init) with the cart as it is now and the shop's money formats. */
  start(cart: AjaxCart): void;
}

declare global {
  interface Window {
    knitfrontTheme?: { cartLibrary?: ThemeCartLibrary };
    knitfrontCartLibrary?: typeof loadCartLibrary;
  }
}

let loading: Promise<CartJSLibrary> | undefined;

/**
 * CartJS, loading jQuery and CartJS the first time it is asked for, once for the page however
 * many ask while they load; then window.CartJS answers. A page whose theme loads CartJS itself
 * gets that one. Rejects when the theme names no library or a script fails to load; the next
 * action then tries again (a connection lost a moment), which cannot run jQuery twice over
 * anyone's handlers: they subscribe only once both scripts have run.
 */
export function loadCartLibrary(): Promise<CartJSLibrary> {
  if (window.CartJS) return Promise.resolve(window.CartJS);
  loading ??= load().finally(() => (loading = undefined));
  return loading;
}

async function load(): Promise<CartJSLibrary> {
  const library = window.knitfrontTheme?.cartLibrary;
  if (!library) throw new Error('the theme names no cart library');
  // The cart the page was rendered with may have changed since (the theme's own cart calls), so
  // CartJS starts from the cart as it is, asked for while the scripts download.
  const [cart] = await Promise.all([getCart(), ...library.scripts.map(injectScript)]);
  document.dispatchEvent(new Event(EVENTS.cartLibraryLoaded));
  library.start(cart);
  if (!window.CartJS) throw new Error('the cart library did not define CartJS');
  return window.CartJS;
}

/**
 * Adds a script to the page. Scripts added with async false download in parallel and run in the
 * order they were added, so jQuery runs before CartJS without CartJS waiting to be requested.
 */
function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} failed to load`));
    document.head.append(script);
  });
}
