/** The selected variant as Dawn's variant picker prints it for its scripts, prices in minor units. */
const SELECTED_VARIANT = 'product-info variant-selects [data-selected-variant]';

/** What knitfront reads of the variant Dawn prints. */
export interface DawnVariant {
  id: number;
  price: number;
  compare_at_price: number | null;
  /** The selling plans the variant may be bought with, in the shop's order; none printed, none. */
  sellingPlanIds: number[];
}

function isVariant(value: unknown): value is Omit<DawnVariant, 'sellingPlanIds'> {
  const variant = value as DawnVariant | null;
  return (
    typeof variant?.id === 'number' &&
    typeof variant.price === 'number' &&
    (variant.compare_at_price === null || typeof variant.compare_at_price === 'number')
  );
}

/** The ids of the selling plans of a variant's selling_plan_allocations, those that have one. */
function sellingPlanIds(allocations: unknown): number[] {
  if (!Array.isArray(allocations)) return [];
  return allocations.flatMap((allocation: { selling_plan_id?: unknown } | null) =>
    typeof allocation?.selling_plan_id === 'number' ? [allocation.selling_plan_id] : [],
  );
}

/**
 * The selected variant Dawn printed, or null when the page has none (one variant, or no picker).
 * Dawn prints it again in its picker's HTML for each variant the shopper selects.
 */
export function selectedDawnVariant(): DawnVariant | null {
  const json = document.querySelector(SELECTED_VARIANT)?.textContent;
  if (!json) return null;
  let variant: unknown;
  try {
    variant = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isVariant(variant)) return null;
  const { id, price, compare_at_price } = variant;
  const { selling_plan_allocations } = variant as { selling_plan_allocations?: unknown };
  return { id, price, compare_at_price, sellingPlanIds: sellingPlanIds(selling_plan_allocations) };
}
