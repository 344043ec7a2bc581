import { describe, expect, it } from 'vitest';
import { applyDiscount, comparePrices, discountLabel, discountPercentage } from './discount';

describe('comparePrices', () => {
  const cases = [
    {
      name: 'no compared price',
      price: 8900,
      compared: null,
      want: { price: 8900, compared: null },
    },
    {
      name: 'a compared price equal to the price is dropped',
      price: 8900,
      compared: 8900,
      want: { price: 8900, compared: null },
    },
    {
      name: 'a higher compared price is kept',
      price: 8900,
      compared: 10500,
      want: { price: 8900, compared: 10500 },
    },
    {
      name: 'a lower compared price is swapped',
      price: 10500,
      compared: 8900,
      want: { price: 8900, compared: 10500 },
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
    expect(applyDiscount(3500, 525)).toEqual({ price: 2975, compared: 3500 });
  });
  it('leaves the price alone when the amount is zero', () => {
    expect(applyDiscount(3500, 0)).toEqual({ price: 3500, compared: null });
  });
  it('never goes below zero', () => {
    expect(applyDiscount(400, 500)).toEqual({ price: 0, compared: 400 });
  });
});

describe('discountPercentage', () => {
  const cases = [
    { name: 'rounded difference over the compared price', price: 8900, compared: 10500, want: 15 },
    { name: 'rounds half up', price: 8750, compared: 10000, want: 13 },
    { name: 'rounds down', price: 9000, compared: 10700, want: 16 },
    { name: 'no compared price', price: 8900, compared: null, want: 0 },
    { name: 'a compared price of zero', price: 0, compared: 0, want: 0 },
    { name: 'uses the absolute difference', price: 12000, compared: 10000, want: 20 },
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
