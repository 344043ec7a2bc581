import { useLayoutEffect } from 'react';
import {
  DEFAULT_PRICE_TYPE,
  MESSAGES,
  PRICE_LABELS,
  PRICE_TYPES,
  type BadgeTheme,
  type PriceType,
} from '../constants';
import { fill } from '../dom';
import type { DisplayedPrice } from '../pricing/display';
import { DiscountBadge } from './DiscountBadge';
import { priceAmounts, useDisplayedPrice, type PriceAttributes } from './usePrice';

/**
 * The price a widget shows, as it tells the page: the amount in minor units of the currency it
 * shows in, its text, and the variant it belongs to.
 */
export interface ShownPrice {
  amount: number;
  currency: string;
  formatted: string;
  variantId: string | null;
}

/** The attributes of product-price: the price's, and the placement's and development's. */
export interface ProductPriceProps extends PriceAttributes {
  product_id?: string | null;
  type?: string | null;
  isPriceReady?: string | null;
  DEV_currency?: string | null;
  DEV_market?: string | null;
  /** How a converted price shows, '{amount}' the price ('≈ {amount}'); without it, as it is. */
  approximate?: string | null;
  /** Told the price shown, once each time it changes: null while none is shown. */
  onPriceShown?: (shown: ShownPrice | null) => void;
}

/** Each placement's look; the search card reuses the cart item's. */
const LOOKS: Record<PriceType, { className: string; badge: BadgeTheme }> = {
  CartItemPrice: { className: 'kf-price--cart-item', badge: 'small' },
  CartTotalPrice: { className: 'kf-price--cart-total', badge: 'small' },
  CollectionItemPrice: { className: 'kf-price--collection', badge: 'small' },
  ProductDetailsPagePrice: { className: 'kf-price--pdp', badge: 'big' },
  SearchCardPrice: { className: 'kf-price--cart-item', badge: 'small' },
};

/** A placement by name, in any letter case; anything else is the product page's. */
export function toPriceType(value: string | null | undefined): PriceType {
  const wanted = value?.toLowerCase();
  return PRICE_TYPES.find((type) => type.toLowerCase() === wanted) ?? DEFAULT_PRICE_TYPE;
}

/**
 * Throws the spec's errors for a price widget without a market or without an id. The element
 * checks before it renders, so that the theme's fallback stays; the component checks for React
 * callers.
 */
export function checkPriceInputs(props: ProductPriceProps): void {
  if (!(props.DEV_market || props.iso_code)) throw new Error(MESSAGES.marketRequired);
  if (!props.variant_id && !props.product_id) throw new Error(MESSAGES.idRequired);
}

/**
 * A price in one of the five placements: a skeleton of the same height until it is ready, then
 * the price in the display currency (marked as the approximate text says when it is converted),
 * and when discounted the struck-through original and the '-N% off' badge. The outer element carries data-type and data-state ('loading' or 'ready').
 */
export function ProductPrice(props: ProductPriceProps) {
  checkPriceInputs(props);
  const type = toPriceType(props.type);
  const look = LOOKS[type];

  const shown = useDisplayedPrice({
    ...priceAmounts(props),
    market: props.DEV_market || props.iso_code || null,
    variantId: props.variant_id ?? null,
    productId: props.product_id ?? null,
    currency: props.DEV_currency,
    held: props.isPriceReady?.toLowerCase() === 'false',
  });
  useShownPrice(shown, props.variant_id ?? null, props.onPriceShown);
  if (shown === null) return null;

  const loading = shown === 'loading';
  return (
    <span
      className={`kf-price ${look.className}`}
      data-type={type}
      data-state={loading ? 'loading' : 'ready'}
      aria-busy={loading || undefined}
    >
      {loading ? (
        <span className="kf-skeleton" />
      ) : (
        <>
          {shown.compared !== null && (
            <>
              <span className="kf-visually-hidden">{PRICE_LABELS.regular}</span>
              <s className="kf-price__compared">{shown.compared}</s>
              <span className="kf-visually-hidden">{PRICE_LABELS.sale}</span>
            </>
          )}
          <span className="kf-price__current">
            {shown.converted && props.approximate
              ? fill(props.approximate, { amount: shown.current })
              : shown.current}
          </span>
          <DiscountBadge percentage={shown.percentage} theme={look.badge} />
        </>
      )}
    </span>
  );
}

/** Tells onPriceShown the price shown, as soon as it is on the page, each time it changes. */
function useShownPrice(
  shown: DisplayedPrice | 'loading' | null,
  variantId: string | null,
  onPriceShown: ProductPriceProps['onPriceShown'],
): void {
  const ready = shown !== null && shown !== 'loading';
  const amount = ready ? shown.amount : null;
  const currency = ready ? shown.currency : null;
  const formatted = ready ? shown.current : null;
  useLayoutEffect(() => {
    if (!onPriceShown) return;
    onPriceShown(
      amount === null || currency === null || formatted === null
        ? null
        : { amount, currency, formatted, variantId },
    );
  }, [onPriceShown, amount, currency, formatted, variantId]);
}
