import { RecommendationCard } from '../components/RecommendationCard';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = [
  'id',
  'title',
  'featured_image',
  'price',
  'url',
  'onPrevious',
  'onNext',
  'iso_code',
  'spend_goal',
  'already_spent',
] as const;

/** <cart-recommendation-card>: a product to add from the cart drawer, with arrows to others. */
export class CartRecommendationCardElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <RecommendationCard {...readAttributes(this, ATTRIBUTES)} />;
  }
}
