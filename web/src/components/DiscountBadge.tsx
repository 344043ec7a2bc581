import { BADGE_THEMES, type BadgeTheme } from '../constants';
import { discountLabel, discountPercentage } from '../pricing/discount';
import { usePricePair } from './usePrice';

/** The '-N% off' badge, shown only above 0%. */
export function DiscountBadge({ percentage, theme }: { percentage: number; theme: BadgeTheme }) {
  const label = discountLabel(percentage);
  if (label === null) return null;
  return <span className={`kf-badge kf-badge--${theme}`}>{label}</span>;
}

/** The attributes of discount-badge, by the spec's names. */
export interface PriceBadgeProps {
  price?: string | null;
  compared_at?: string | null;
  iso_code?: string | null;
  variant_id?: string | null;
  theme?: string | null;
}

/** A badge size by name; anything else is small. */
export function toBadgeTheme(value: string | null | undefined): BadgeTheme {
  return BADGE_THEMES.find((theme) => theme === value?.toLowerCase()) ?? 'small';
}

/**
 * The badge of a price on its own (on a product image, say): from the compared price when there is
 * one, else from the variant's automatic discount. Nothing shows until it is known.
 */
export function PriceBadge(props: PriceBadgeProps) {
  const pair = usePricePair({
    price: props.price ?? null,
    comparedAt: props.compared_at ?? null,
    market: props.iso_code ?? null,
    variantId: props.variant_id ?? null,
    productId: null,
  });
  if (pair === 'loading' || pair === null) return null;
  return <DiscountBadge percentage={discountPercentage(pair)} theme={toBadgeTheme(props.theme)} />;
}
