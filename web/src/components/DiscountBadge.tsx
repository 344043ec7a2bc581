import { BADGE_THEMES, type BadgeTheme } from '../constants';
import { discountLabel, discountPercentage } from '../pricing/discount';
import { priceAmounts, usePricePair, type PriceAttributes } from './usePrice';

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
  const pair = usePricePair(
    {
      ...priceAmounts(props),
      market: props.iso_code ?? null,
      variantId: props.variant_id ?? null,
      productId: null,
    },
    { confirmPrinted: false },
  );
  if (pair === 'loading' || pair === null) return null;
  return <DiscountBadge percentage={discountPercentage(pair)} theme={toBadgeTheme(props.theme)} />;
}
