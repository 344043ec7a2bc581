import type { AjaxCartItem, SellingPlanAllocation } from '../api/cart';

/** What a pre-order line charges for one unit, in minor units: now, at checkout, and later. */
export interface PreorderCharge {
  upfront: number;
  remaining: number;
}

/**
 * The upfront charge of one unit under its selling plan, as the cart gives it
 * (checkout_charge_amount) or else from the plan's checkout_charge: for a percentage plan the price
 * times value / 100, rounded to a minor unit; for a fixed plan the value itself. Null when the plan
 * says neither.
 */
function checkoutCharge(allocation: SellingPlanAllocation): number | null {
  const given = allocation.checkout_charge_amount;
  if (typeof given === 'number') return given;
  const charge = allocation.selling_plan?.checkout_charge;
  if (!charge || typeof charge.value !== 'number') return null;
  switch (charge.value_type) {
    case 'percentage':
      return Math.round((allocation.price * charge.value) / 100);
    case 'fixed_amount':
      return charge.value;
    default:
      return null;
  }
}

/**
 * The pre-order charge of one unit of a cart line: the upfront charge capped at
 * the final price, and the remaining balance, the final price less the charge. Null when the line
 * is not treated as a pre-order: it has no selling plan, the plan charges nothing, or the final
 * price is not above the charge (a plan that takes the whole price, or a discount down to it).
 */
export function preorderCharge(item: AjaxCartItem): PreorderCharge | null {
  const allocation = item.selling_plan_allocation;
  if (!allocation) return null;
  const charge = checkoutCharge(allocation);
  if (charge === null) return null;
  const upfront = Math.min(charge, item.final_price);
  if (!(upfront > 0) || !(item.final_price > upfront)) return null;
  return { upfront, remaining: item.final_price - upfront };
}
