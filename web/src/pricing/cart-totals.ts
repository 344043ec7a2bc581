import type { AjaxCart } from '../api/cart';
import { preorderCharge } from './preorder';

/**
 * The cart drawer footer's figures, in minor units of the cart's currency. They add up:
 * originalTotal - discounts = dueNow + dueLater.
 */
export interface CartTotals {
  currency: string;
  /** Before discounts. */
  originalTotal: number;
  discounts: number;
  /** The total: what checkout charges now, pre-order lines counting with their upfront charge. */
  dueNow: number;
  /** The remaining balances of the pre-order lines, charged later. */
  dueLater: number;
  itemCount: number;
}

/** The footer's figures of a cart (spec sections 1 and 5). */
export function cartTotals(cart: AjaxCart): CartTotals {
  let dueNow = 0;
  let dueLater = 0;
  for (const item of cart.items) {
    const charge = preorderCharge(item);
    dueNow += (charge ? charge.upfront : item.final_price) * item.quantity;
    dueLater += (charge ? charge.remaining : 0) * item.quantity;
  }
  return {
    currency: cart.currency,
    originalTotal: cart.original_total_price,
    discounts: cart.total_discount,
    dueNow,
    dueLater,
    itemCount: cart.item_count,
  };
}
