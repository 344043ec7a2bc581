import { PriceBadge } from '../components/DiscountBadge';
import { PRICE_ATTRIBUTES } from '../components/usePrice';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = [...PRICE_ATTRIBUTES, 'theme'] as const;

/** <discount-badge>: the '-N% off' badge of a price, small or big. */
export class DiscountBadgeElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <PriceBadge {...readAttributes(this, ATTRIBUTES)} />;
  }
}
