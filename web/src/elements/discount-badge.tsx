import { PriceBadge } from '../components/DiscountBadge';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['price', 'compared_at', 'iso_code', 'variant_id', 'theme'] as const;

/** <discount-badge>: the '-N% off' badge of a price, small or big. */
export class DiscountBadgeElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <PriceBadge {...readAttributes(this, ATTRIBUTES)} />;
  }
}
