import {
  MESSAGES,
  RECOMMENDATION_ALREADY_SPENT_DEFAULT,
  RECOMMENDATION_LABELS,
  RECOMMENDATION_SPEND_GOAL_DEFAULT,
} from '../constants';
import { loadCartLibrary } from '../api/cart-library';
import { useMarket } from '../market/store';
import { ProductPrice } from './ProductPrice';

/** The attributes of cart-recommendation-card, by the spec's names. */
export interface RecommendationCardProps {
  /** The variant to add. */
  id?: string | null;
  title?: string | null;
  featured_image?: string | null;
  /** The price as the theme formats it, in the market currency. */
  price?: string | null;
  /** The product page. */
  url?: string | null;
  /** Script text the previous arrow runs. */
  onPrevious?: string | null;
  /** Script text the next arrow runs. */
  onNext?: string | null;
  /** The market's country, for the price's discount; the store's when absent. */
  iso_code?: string | null;
  /** Declared by the spec (default 1) with no visible use: the card carries it as data-spend-goal. */
  spend_goal?: string | null;
  /** Declared by the spec (default 2) with no visible use: carried as data-already-spent. */
  already_spent?: string | null;
}

/**
 * Runs the script text of onPrevious or onNext, as the spec has the arrows do. The text comes from
 * the theme (a Liquid snippet writes the attribute), never from a shopper, so it is trusted as the
 * theme's own scripts are; new Function runs it in the global scope, seeing nothing of this module.
 */
function runScript(text: string | null | undefined): void {
  if (!text) return;
  try {
    new Function(text)();
  } catch (error) {
    reportError(error);
  }
}

/**
 * Adds one unit of a variant with CartJS, loading it first if this is the page's first cart
 * action, or logs the spec's message saying why it cannot.
 */
function addToCart(id: string | null | undefined): void {
  if (!id) {
    console.error(MESSAGES.cartItemIdMissing);
    return;
  }
  loadCartLibrary().then(
    (cartJS) => cartJS.addItem(id, 1),
    () => console.error(MESSAGES.cartJsMissing),
  );
}

/**
 * The cart recommendation card: image, title, price, previous arrow, Add to cart, next arrow. The
 * image and the title go to the product page. Nothing shows unless title, image, price and url
 * are all given.
 */
export function RecommendationCard(props: RecommendationCardProps) {
  const storeMarket = useMarket((state) => state.localization);
  const { id, title, featured_image: image, price, url } = props;
  const market = props.iso_code || storeMarket;
  if (!title || !image || !price || !url) return null;
  return (
    <div
      className="kf-reco"
      data-spend-goal={props.spend_goal ?? RECOMMENDATION_SPEND_GOAL_DEFAULT}
      data-already-spent={props.already_spent ?? RECOMMENDATION_ALREADY_SPENT_DEFAULT}
    >
      <a className="kf-reco__media" href={url} tabIndex={-1} aria-hidden="true">
        <img src={image} alt="" loading="lazy" />
      </a>
      <div className="kf-reco__info">
        <a className="kf-reco__title" href={url}>
          {title}
        </a>
        {market && id ? (
          <ProductPrice price={price} variant_id={id} iso_code={market} type="CartItemPrice" />
        ) : (
          <span className="kf-price kf-price--cart-item">{price}</span>
        )}
        <div className="kf-reco__actions">
          <button
            type="button"
            className="kf-reco__arrow"
            aria-label={RECOMMENDATION_LABELS.previous}
            onClick={() => runScript(props.onPrevious)}
          >
            ‹
          </button>
          <button type="button" className="kf-reco__add" onClick={() => addToCart(id)}>
            {RECOMMENDATION_LABELS.addToCart}
          </button>
          <button
            type="button"
            className="kf-reco__arrow"
            aria-label={RECOMMENDATION_LABELS.next}
            onClick={() => runScript(props.onNext)}
          >
            ›
          </button>
        </div>
      </div>
    </div>
  );
}
