import { checkPriceInputs, ProductPrice } from '../components/ProductPrice';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = [
  'price',
  'compared_at',
  'iso_code',
  'variant_id',
  'product_id',
  'type',
  'isPriceReady',
  'DEV_currency',
  'DEV_market',
] as const;

/** <product-price>: a price in one of the five placements, with its automatic discount. */
export class ProductPriceElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    const props = readAttributes(this, ATTRIBUTES);
    checkPriceInputs(props);
    return <ProductPrice {...props} />;
  }
}
