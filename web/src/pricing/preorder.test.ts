import { describe, expect, it } from 'vitest';
import type { AjaxCartItem, CheckoutCharge } from '../api/cart';
import { preorderCharge, type PreorderCharge } from './preorder';

/** A line of one unit at price (before discounts) and final (after), under a plan. */
function line(
  price: number,
  final: number,
  charge: CheckoutCharge | null,
  checkoutChargeAmount?: number,
): AjaxCartItem {
  return {
    quantity: 1,
    original_price: price,
    final_price: final,
    selling_plan_allocation: {
      price,
      ...(checkoutChargeAmount !== undefined && { checkout_charge_amount: checkoutChargeAmount }),
      selling_plan: { checkout_charge: charge },
    },
  };
}

const percent = (value: number): CheckoutCharge => ({ value_type: 'percentage', value });
const fixed = (value: number): CheckoutCharge => ({ value_type: 'fixed_amount', value });

describe('preorderCharge', () => {
  const cases: { name: string; item: AjaxCartItem; want: PreorderCharge | null }[] = [
    {
      name: 'percentage plan, computed: price × value / 100',
      item: line(4500, 4500, percent(30)),
      want: { upfront: 1350, remaining: 3150 },
    },
    {
      name: 'percentage plan, as the cart gives it',
      item: line(4500, 4500, percent(30), 1350),
      want: { upfront: 1350, remaining: 3150 },
    },
    {
      name: 'percentage plan on a discounted line: the charge is of the price, the rest of the final price',
      item: line(4500, 3825, percent(30)),
      want: { upfront: 1350, remaining: 2475 },
    },
    {
      name: 'percentage plan rounded to a minor unit',
      item: line(4499, 4499, percent(15)),
      want: { upfront: 675, remaining: 3824 },
    },
    {
      name: 'percentage plan of exactly half a minor unit rounds up',
      item: line(4450, 4450, percent(15)),
      want: { upfront: 668, remaining: 3782 },
    },
    {
      name: 'percentage plan of a fractional value, in whole minor units',
      item: line(15900, 15900, percent(12.5)),
      want: { upfront: 1988, remaining: 13912 },
    },
    {
      name: 'fixed plan, computed: the value',
      item: line(4500, 3825, fixed(1000)),
      want: { upfront: 1000, remaining: 2825 },
    },
    {
      name: 'fixed plan, as the cart gives it',
      item: line(4500, 3825, fixed(1000), 1000),
      want: { upfront: 1000, remaining: 2825 },
    },
    {
      name: 'the amount the cart gives wins over the plan',
      item: line(4500, 4500, percent(30), 1500),
      want: { upfront: 1500, remaining: 3000 },
    },
    {
      name: 'a fixed charge above the final price is capped at it: not a pre-order',
      item: line(4500, 3825, fixed(4000)),
      want: null,
    },
    {
      name: 'a charge capped at a discounted final price: not a pre-order',
      item: line(10000, 1500, percent(20)),
      want: null,
    },
    {
      name: 'final price equal to the charge (pay in full): not a pre-order',
      item: line(15900, 15900, percent(100), 15900),
      want: null,
    },
    {
      name: 'pay in full computed from the plan: not a pre-order',
      item: line(15900, 15900, percent(100)),
      want: null,
    },
    { name: 'no charge (0%): not a pre-order', item: line(4500, 4500, percent(0)), want: null },
    {
      name: 'no charge (0 given): not a pre-order',
      item: line(4500, 4500, percent(30), 0),
      want: null,
    },
    { name: 'a plan without a charge: not a pre-order', item: line(4500, 4500, null), want: null },
    {
      name: 'an unknown charge type: not a pre-order',
      item: line(4500, 4500, { value_type: 'later', value: 10 }),
      want: null,
    },
    {
      name: 'no selling plan',
      item: { quantity: 1, original_price: 4500, final_price: 4500 },
      want: null,
    },
    {
      name: 'a null selling plan',
      item: { quantity: 1, original_price: 4500, final_price: 4500, selling_plan_allocation: null },
      want: null,
    },
  ];
  for (const { name, item, want } of cases) {
    it(name, () => {
      expect(preorderCharge(item)).toEqual(want);
    });
  }
});
