import { isMinorAmount } from '../../pricing/minor-units';

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

/** The plans of a variant's selling_plan_allocations (those that name one), with their charges. */
function plansOf(allocations: unknown): Pick<DawnVariant, 'sellingPlanIds' | 'checkoutCharges'> {
  const plans: Pick<DawnVariant, 'sellingPlanIds' | 'checkoutCharges'> = {
    sellingPlanIds: [],
    checkoutCharges: {},
  };
  if (!Array.isArray(allocations)) return plans;
  for (const allocation of allocations as (Allocation | null)[]) {
    const plan = allocation?.selling_plan_id;
    if (typeof plan !== 'number') continue;
    plans.sellingPlanIds.push(plan);
    if (isMinorAmount(allocation?.checkout_charge_amount)) {
      plans.checkoutCharges[plan] = allocation.checkout_charge_amount;
    }
  }
  return plans;
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
  return { id, price, compare_at_price, ...plansOf(selling_plan_allocations) };
}
