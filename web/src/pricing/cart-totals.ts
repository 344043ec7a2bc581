import type { AjaxCart } from '../api/cart';
import { convertMinorUnits, type RateMap } from './convert';
import { formatExactMoney, formatMoney } from './format';
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

/** The footer's figures of a cart, a pre-order line counting with its upfront charge only. */
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

/** An amount the shopper is about to pay, converted, beside what checkout charges for it. */
export interface ChargedAmount {
  /** Converted to the display currency and rounded to whole units, so approximate: '$149'. */
  shown: string;
  /** In the market currency, which checkout charges, exact to its minor unit: '€129.00'. */
  charged: string;
}

/**
 * An amount in minor units of the market currency as shown in the display currency, with the amount
 * checkout charges beside it. Null when it shows in the market currency: the same currency, or no
 * rates to convert with (they failed, or are stale).
 */
export function chargedAmount(
  amount: number,
  marketCurrency: string,
  displayCurrency: string | null,
  rates: RateMap | null,
): ChargedAmount | null {
  if (displayCurrency === null || displayCurrency === marketCurrency) return null;
  const converted = convertMinorUnits(amount, marketCurrency, displayCurrency, rates);
  if (converted === null) return null;
  return {
    shown: formatMoney(converted, displayCurrency),
    charged: formatExactMoney(amount, marketCurrency),
  };
}
