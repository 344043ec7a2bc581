import { describe, expect, it } from 'vitest';
import { displayPrice } from './display';

const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };

describe('displayPrice', () => {
  it('formats in the market currency when it is the display currency', () => {
    expect(displayPrice({ price: 8900, compared: 10500 }, 'EUR', 'EUR', null)).toEqual({
      amount: 8900,
      currency: 'EUR',
      current: '€89',
      compared: '€105',
      percentage: 15,
      converted: false,
    });
  });

  it('converts both prices, each rounded, and keeps the percentage of the market prices', () => {
    expect(displayPrice({ price: 2975, compared: 3500 }, 'EUR', 'AUD', EUR_RATES)).toEqual({
      amount: 4900,
      currency: 'AUD',
      current: '$49',
      compared: '$58',
      percentage: 15,
      converted: true,
    });
  });

  it('shows the market currency when the rates cannot convert', () => {
    expect(displayPrice({ price: 8900, compared: null }, 'EUR', 'GBP', null)).toEqual({
      amount: 8900,
      currency: 'EUR',
      current: '€89',
      compared: null,
      percentage: 0,
      converted: false,
    });
  });
});
