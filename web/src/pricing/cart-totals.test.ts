import { describe, expect, it } from 'vitest';
import type { AjaxCart, AjaxCartItem } from '../api/cart';
import { cartTotals, chargedAmount, type CartTotals } from './cart-totals';

// Lines as the dev storefront answers them in LT (EUR cents).
const beanieDiscounted: AjaxCartItem = { quantity: 1, original_price: 3500, final_price: 2975 };
const turtleneck: AjaxCartItem = { quantity: 2, original_price: 13900, final_price: 13900 };
const hatDeposit30: AjaxCartItem = {
  quantity: 2,
  original_price: 4500,
  final_price: 3825,
  selling_plan_allocation: {
    price: 4500,
    checkout_charge_amount: 1350,
    selling_plan: { checkout_charge: { value_type: 'percentage', value: 30 } },
  },
};
const mittensFixedDeposit: AjaxCartItem = {
  quantity: 1,
  original_price: 4500,
  final_price: 3825,
  selling_plan_allocation: {
    price: 4500,
    selling_plan: { checkout_charge: { value_type: 'fixed_amount', value: 1000 } },
  },
};
const yokePaidInFull: AjaxCartItem = {
  quantity: 1,
  original_price: 15900,
  final_price: 15900,
  selling_plan_allocation: {
    price: 15900,
    checkout_charge_amount: 15900,
    selling_plan: { checkout_charge: { value_type: 'percentage', value: 100 } },
  },
};

function cart(items: AjaxCartItem[]): AjaxCart {
  const original = items.reduce((sum, item) => sum + item.original_price * item.quantity, 0);
  const total = items.reduce((sum, item) => sum + item.final_price * item.quantity, 0);
  return {
    currency: 'EUR',
    items,
    original_total_price: original,
    total_price: total,
    total_discount: original - total,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

describe('cartTotals', () => {
  const cases: { name: string; items: AjaxCartItem[]; want: Omit<CartTotals, 'currency'> }[] = [
    {
      name: 'an empty cart',
      items: [],
      want: { originalTotal: 0, discounts: 0, dueNow: 0, dueLater: 0, itemCount: 0 },
    },
    {
      name: 'lines bought outright count with their final price times the quantity',
      items: [turtleneck, beanieDiscounted],
      want: { originalTotal: 31300, discounts: 525, dueNow: 30775, dueLater: 0, itemCount: 3 },
    },
    {
      name: 'a pre-order line counts with its upfront charge; the rest is due later',
      items: [hatDeposit30],
      want: { originalTotal: 9000, discounts: 1350, dueNow: 2700, dueLater: 4950, itemCount: 2 },
    },
    {
      name: 'a fixed-amount plan without the amount in the answer is worked out from the plan',
      items: [mittensFixedDeposit],
      want: { originalTotal: 4500, discounts: 675, dueNow: 1000, dueLater: 2825, itemCount: 1 },
    },
    {
      name: 'a plan that takes the whole price counts as bought outright',
      items: [yokePaidInFull],
      want: { originalTotal: 15900, discounts: 0, dueNow: 15900, dueLater: 0, itemCount: 1 },
    },
    {
      name: 'everything together',
      items: [mittensFixedDeposit, hatDeposit30, beanieDiscounted, yokePaidInFull],
      want: { originalTotal: 32900, discounts: 2550, dueNow: 22575, dueLater: 7775, itemCount: 5 },
    },
  ];
  for (const { name, items, want } of cases) {
    it(name, () => {
      const totals = cartTotals(cart(items));
      expect(totals).toEqual({ currency: 'EUR', ...want });
      // The figures add up: what is not discounted is due now or later.
      expect(totals.originalTotal - totals.discounts).toBe(totals.dueNow + totals.dueLater);
    });
  }
});

describe('chargedAmount', () => {
  const EUR_RATES = { EUR: 1, AUD: 1.7826, GBP: 0.8785, USD: 1.1535 };
  const AUD_RATES = { EUR: 0.561, AUD: 1, GBP: 0.4928, USD: 0.6471 };
  type Args = Parameters<typeof chargedAmount>;
  const cases: { name: string; args: Args; want: ReturnType<typeof chargedAmount> }[] = [
    {
      name: 'euros shown in dollars',
      args: [12900, 'EUR', 'USD', EUR_RATES],
      want: { shown: '$149', charged: '€129.00' },
    },
    {
      name: 'Australian dollars shown in euros, the charge exact to the cent',
      args: [21501, 'AUD', 'EUR', AUD_RATES],
      want: { shown: '€121', charged: 'A$215.01' },
    },
    { name: 'the same currency', args: [12900, 'EUR', 'EUR', EUR_RATES], want: null },
    { name: 'no display currency yet', args: [12900, 'EUR', null, EUR_RATES], want: null },
    { name: 'no rates (failed or stale)', args: [12900, 'EUR', 'USD', null], want: null },
    {
      name: 'rates without the currency',
      args: [12900, 'EUR', 'USD', { EUR: 1 }],
      want: null,
    },
  ];
  for (const { name, args, want } of cases) {
    it(`shows ${name}`, () => {
      expect(chargedAmount(...args)).toEqual(want);
    });
  }
});
