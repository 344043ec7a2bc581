import {
  EVENTS,
  MESSAGES,
  PRICE_RETRY_INTERVAL_MS,
  PRICE_RETRY_LIMIT,
  PRICE_STABLE_DELAY_MS,
} from '../constants';
import type { ProductPriceElement, ShownPrice } from '../elements/product-price';
import type { ThemeAdapter } from '../theme/adapters/theme-adapter';

export interface PriceWatch {
  /**
   * The price, each time the widget shows a new one, or, read from a theme's text, each time it
   * has stayed the same for 100 ms after a change.
   */
  onStablePrice(price: string): void;
  /** The price element was not found after the last retry. */
  onGiveUp(): void;
}

function isPriceWidget(element: Element): element is ProductPriceElement {
  return 'shownPrice' in element;
}

/**
 * The price a product page's price element shows now: the price widget's shown price, or, in a
 * theme without the widget, the element's text. Null while there is none.
 */
function currentPrice(element: Element | null): string | null {
  if (!element) return null;
  if (isPriceWidget(element)) return element.shownPrice?.formatted ?? null;
  return element.textContent?.trim() || null;
}

/**
 * Watches the product page's price: looks for it up to 100 times, every 150 ms, and reports it
 * each time it changes for another variant or currency. The price widget tells its price with the
 * knitfront:price-shown event once it is final, so it is reported at once. The text of a theme's
 * price element without the widget is followed with an observer of the price container, which the
 * theme keeps while it renders what it holds again for another variant, and reported once it has
 * been stable for 100 ms: text that is still being written waits, a price the widget knows does
 * not. When no price is found it logs 'Could not find price element' and the observer's give-up
 * warning. Returns the function that stops.
 */
export function watchPrice(
  theme: ThemeAdapter,
  { onStablePrice, onGiveUp }: PriceWatch,
): () => void {
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stable: ReturnType<typeof setTimeout> | undefined;
  let latest: string | null = null;
  let reported: string | null = null;
  const observer = new MutationObserver(() =>
    settle(currentPrice(document.querySelector(theme.productPrice))),
  );

  function report(price: string | null) {
    if (price === null || price === reported) return;
    reported = price;
    onStablePrice(price);
  }

  /** A theme's text is reported once it has stayed the same for 100 ms. */
  function settle(price: string | null) {
    latest = price;
    clearTimeout(stable);
    stable = setTimeout(() => report(latest), PRICE_STABLE_DELAY_MS);
  }

  const onPriceShown = (event: CustomEvent<ShownPrice>) => {
    if (!(event.target instanceof Element) || !event.target.matches(theme.productPrice)) return;
    clearTimeout(retry);
    clearTimeout(stable);
    report(event.detail.formatted);
  };
  document.addEventListener(EVENTS.priceShown, onPriceShown);

  function find() {
    attempts++;
    const element = document.querySelector(theme.productPrice);
    const price = currentPrice(element);
    if (element && price !== null) {
      const container = document.querySelector(theme.priceContainer);
      if (isPriceWidget(element)) {
        report(price);
        return;
      }
      if (container) {
        observer.observe(container, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      }
      settle(price);
      return;
    }
    if (attempts < PRICE_RETRY_LIMIT) {
      retry = setTimeout(find, PRICE_RETRY_INTERVAL_MS);
      return;
    }
    console.error(MESSAGES.priceElementMissing);
    console.warn(MESSAGES.priceObserverGaveUp);
    onGiveUp();
  }

  find();
  return () => {
    document.removeEventListener(EVENTS.priceShown, onPriceShown);
    clearTimeout(retry);
    clearTimeout(stable);
    observer.disconnect();
  };
}
