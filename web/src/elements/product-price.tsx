import { checkPriceInputs, ProductPrice, type ShownPrice } from '../components/ProductPrice';
import { PRICE_ATTRIBUTES } from '../components/usePrice';
import { EVENTS } from '../constants';
import { observed, ReactElement, readAttributes } from './react-element';

export type { ShownPrice };

declare global {
  interface HTMLElementEventMap {
    [EVENTS.priceShown]: CustomEvent<ShownPrice>;
  }
  interface DocumentEventMap {
    [EVENTS.priceShown]: CustomEvent<ShownPrice>;
  }
}

const ATTRIBUTES = [
  ...PRICE_ATTRIBUTES,
  'product_id',
  'type',
  'isPriceReady',
  'DEV_currency',
  'DEV_market',
  'approximate',
] as const;

/**
 * <product-price>: a price in one of the five placements, with its automatic discount.
 *
 * What it shows is for other scripts to read through shownPrice and the bubbling
 * 'knitfront:price-shown' event, never through its markup: the event is dispatched, with the
 * shown price as its detail, each time the shown price changes to a price, from none or from
 * another.
 */
export class ProductPriceElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  #shownPrice: ShownPrice | null = null;

  /** The price shown now; null while the element shows a skeleton or no price. */
  get shownPrice(): ShownPrice | null {
    return this.#shownPrice;
  }

  // ProductPrice calls it only when the price it shows changes.
  #onPriceShown = (shown: ShownPrice | null) => {
    this.#shownPrice = shown;
    if (shown !== null) {
      this.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true, detail: shown }));
    }
  };

  render() {
    const props = readAttributes(this, ATTRIBUTES);
    checkPriceInputs(props);
    return <ProductPrice {...props} onPriceShown={this.#onPriceShown} />;
  }
}
