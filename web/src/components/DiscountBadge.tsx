import { useState } from 'react';
import { BADGE_THEMES, type BadgeTheme } from '../constants';
import { useMarket } from '../market/store';
import {
  applyDiscount,
  discountLabel,
  discountPercentage,
  type PricePair,
} from '../pricing/discount';
import { readComparedPrice, readPrice } from '../pricing/read';
import { printedAmountOff } from './printedPrice';
import { priceAmounts, usePricePair, type PriceAttributes, type PriceInputs } from './usePrice';

/** The '-N% off' badge, shown only above 0%. */
export function DiscountBadge({ percentage, theme }: { percentage: number; theme: BadgeTheme }) {
  const label = discountLabel(percentage);
  if (label === null) return null;
  return <span className={`kf-badge kf-badge--${theme}`}>{label}</span>;
}

/** The attributes of discount-badge: the price's, and the badge's size. */
export interface PriceBadgeProps extends PriceAttributes {
  theme?: string | null;
}

/** A badge size by name; anything else is small. */
export function toBadgeTheme(value: string | null | undefined): BadgeTheme {
  return BADGE_THEMES.find((theme) => theme === value?.toLowerCase()) ?? 'small';
}

/**
 * The badge of a price on its own (on a product image, say): from the compared price when there is
 * one, else from the variant's automatic discount. Nothing shows until it is known.
 *
 * A discount the theme printed (theme/snippets/discount-badge.liquid) that the page can vouch for
 * is the badge's answer: it shows as printed and nothing is looked up, since the theme printed it
 * by the rule it printed the price beside it by, whose widget looks the discount up. Markers the
 * page cannot vouch for (a discount ended by the shopper's clock, a shopper of another market) are
 * looked up, and the badge shows once the answer is in.
 */
export function PriceBadge(props: PriceBadgeProps) {
  const inputs: PriceInputs = {
    ...priceAmounts(props),
    market: props.iso_code ?? null,
    variantId: props.variant_id ?? null,
    productId: null,
  };
  const printed = usePrintedPair(inputs);
  // Without an id there is no lookup; the pair it then gives is not shown.
  const looked = usePricePair(printed === null ? inputs : { ...inputs, variantId: null });
  const pair = printed ?? looked;
  if (pair === 'loading' || pair === null) return null;
  return <DiscountBadge percentage={discountPercentage(pair)} theme={toBadgeTheme(props.theme)} />;
}

/** The price and its printed discount, when the page can vouch for it (printedAmountOff); else null. */
function usePrintedPair(inputs: PriceInputs): PricePair | null {
  const marketCurrency = useMarket((state) => state.marketCurrency);
  // The shopper's clock when the widget took the page over, for a printed discount's end.
  const [now] = useState(Date.now);
  if (marketCurrency === null || !inputs.printed) return null;
  const price = readPrice(inputs.priceMinor, inputs.price, marketCurrency);
  const compared = readComparedPrice(inputs.comparedAtMinor, inputs.comparedAt, marketCurrency);
  const context = { price, compared, market: inputs.market, marketCurrency, now };
  const amountOff = printedAmountOff(inputs.printed, context);
  return amountOff === null || price === null ? null : applyDiscount(price, amountOff);
}
