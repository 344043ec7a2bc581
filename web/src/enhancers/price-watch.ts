import {
  MESSAGES,
  PRICE_RETRY_INTERVAL_MS,
  PRICE_RETRY_LIMIT,
  PRICE_STABLE_DELAY_MS,
} from '../constants';
import { PRICE_CONTAINER } from '../theme/selectors';

/** The price the product page shows: the price widget's current price once it is ready. */
const SHOWN_PRICE = `${PRICE_CONTAINER} .kf-price[data-state="ready"] .kf-price__current`;

export interface PriceWatch {
  /** The price, each time it has stayed the same for 100 ms after a change. */
  onStablePrice(price: string): void;
  /** The price element was not found after the last retry. */
  onGiveUp(): void;
}

/**
 * Watches the product page's price (spec sections 4 and 9): looks for the price element up to 100
 * times, every 150 ms, then follows its container and reports the price each time it has been
 * stable for 100 ms, as the widget re-renders it for another variant or currency. When the element
 * is never found it logs 'Could not find price element' and the observer's give-up warning.
 * Returns the function that stops.
 */
export function watchPrice({ onStablePrice, onGiveUp }: PriceWatch): () => void {
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stable: ReturnType<typeof setTimeout> | undefined;
  let reported: string | null = null;
  const observer = new MutationObserver(settle);

  const shownPrice = () => document.querySelector(SHOWN_PRICE)?.textContent?.trim() || null;

  function settle() {
    clearTimeout(stable);
    stable = setTimeout(() => {
      const price = shownPrice();
      if (price === null || price === reported) return;
      reported = price;
      onStablePrice(price);
    }, PRICE_STABLE_DELAY_MS);
  }

  function find() {
    attempts++;
    const container = document.querySelector(PRICE_CONTAINER);
    if (container && shownPrice() !== null) {
      observer.observe(container, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      settle();
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
    clearTimeout(retry);
    clearTimeout(stable);
    observer.disconnect();
  };
}
