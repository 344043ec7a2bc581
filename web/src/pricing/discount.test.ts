import { describe, expect, it } from 'vitest';
import { NO_DISCOUNT } from '../constants';
import {
  applyDiscount,
  comparePrices,
  discountLabel,
  discountPercentage,
  parseComparedPrice,
} from './discount';

describe('parseComparedPrice', () => {
  const cases = [
    { name: 'empty means none', text: '', want: null },
    { name: 'missing means none', text: null, want: null },
    { name: `'${NO_DISCOUNT}' means none`, text: NO_DISCOUNT, want: null },
    { name: 'unreadable means none', text: 'soon', want: null },
    { name: 'a money string', text: '€105,00', want: 105 },
  ];
  for (const { name, text, want } of cases) {
    it(name, () => {
      expect(parseComparedPrice(text)).toBe(want);
    });
  }
});

describe('comparePrices', () => {
  const cases = [
    { name: 'no compared price', price: 89, compared: null, want: { price: 89, compared: null } },
    {
      name: 'a compared price equal to the price is dropped',
      price: 89,
      compared: 89,
      want: { price: 89, compared: null },
    },
    {
      name: 'a higher compared price is kept',
      price: 89,
      compared: 105,
      want: { price: 89, compared: 105 },
    },
    {
      name: 'a lower compared price is swapped',
      price: 105,
      compared: 89,
      want: { price: 89, compared: 105 },
    },
  ];
  for (const { name, price, compared, want } of cases) {
    it(name, () => {
      expect(comparePrices(price, compared)).toEqual(want);
    });
  }
});

describe('applyDiscount', () => {
  it('takes the amount off and compares with the original', () => {
    expect(applyDiscount(35, 5.25)).toEqual({ price: 29.75, compared: 35 });
  });
  it('leaves the price alone when the amount is zero', () => {
    expect(applyDiscount(35, 0)).toEqual({ price: 35, compared: null });
  });
  it('never goes below zero', () => {
    expect(applyDiscount(4, 5)).toEqual({ price: 0, compared: 4 });
  });
});

describe('discountPercentage', () => {
  const cases = [
    { name: 'rounded difference over the compared price', price: 89, compared: 105, want: 15 },
    { name: 'rounds half up', price: 87.5, compared: 100, want: 13 },
    { name: 'rounds down', price: 90, compared: 107, want: 16 },
    { name: 'no compared price', price: 89, compared: null, want: 0 },
    { name: 'a compared price of zero', price: 0, compared: 0, want: 0 },
    { name: 'uses the absolute difference', price: 120, compared: 100, want: 20 },
  ];
  for (const { name, price, compared, want } of cases) {
    it(name, () => {
      expect(discountPercentage({ price, compared })).toBe(want);
    });
  }
});

describe('discountLabel', () => {
  it("reads '-N% off' above zero", () => {
    expect(discountLabel(15)).toBe('-15% off');
  });
  it('is absent at zero', () => {
    expect(discountLabel(0)).toBeNull();
  });
  it('is absent below zero', () => {
    expect(discountLabel(-3)).toBeNull();
  });
});
