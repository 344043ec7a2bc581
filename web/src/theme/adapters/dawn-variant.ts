/** The selected variant as Dawn's variant picker prints it for its scripts, prices in minor units. */
const SELECTED_VARIANT = 'product-info variant-selects [data-selected-variant]';

/** What knitfront reads of the variant Dawn prints. */
export interface DawnVariant {
  id: number;
  price: number;
  compare_at_price: number | null;
  /** The selling plans the variant may be bought with, in the shop's order; none printed, none. */
  sellingPlanIds: number[];
  /** What checkout charges for one unit under each of those plans, by plan id, where printed. */
  checkoutCharges: Record<string, number>;
}

function isVariant(
  value: unknown,
): value is Omit<DawnVariant, 'sellingPlanIds' | 'checkoutCharges'> {
  const variant = value as DawnVariant | null;
  return (
    typeof variant?.id === 'number' &&
    typeof variant.price === 'number' &&
    (variant.compare_at_price === null || typeof variant.compare_at_price === 'number')
  );
}

/** A variant's price under a selling plan, as Shopify prints it: its plan's id and upfront charge. */
interface Allocation {
  selling_plan_id?: unknown;
  checkout_charge_amount?: unknown;
}

/** A variant's selling_plan_allocations, those that name their plan. */
function allocationsOf(value: unknown): { plan: number; charge: unknown }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((allocation: Allocation | null) =>
    typeof allocation?.selling_plan_id === 'number'
      ? [{ plan: allocation.selling_plan_id, charge: allocation.checkout_charge_amount }]
      : [],
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
  const allocations = allocationsOf(
    (variant as { selling_plan_allocations?: unknown }).selling_plan_allocations,
  );
  const checkoutCharges: Record<string, number> = {};
  for (const { plan, charge } of allocations) {
    if (typeof charge === 'number' && Number.isSafeInteger(charge) && charge >= 0) {
      checkoutCharges[plan] = charge;
    }
  }
  return {
    id,
    price,
    compare_at_price,
    sellingPlanIds: allocations.map(({ plan }) => plan),
    checkoutCharges,
  };
}
