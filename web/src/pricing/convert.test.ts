import { describe, expect, it } from 'vitest';
import { convertAmount, type RateMap } from './convert';

const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };

describe('convertAmount', () => {
  const cases: {
    name: string;
    amount: number;
    from: string;
    to: string;
    rates: RateMap | null;
    want: number | null;
  }[] = [
    {
      name: 'same currency: unchanged, not rounded',
      amount: 89.5,
      from: 'EUR',
      to: 'EUR',
      rates: null,
      want: 89.5,
    },
    {
      name: 'converted and rounded to whole units',
      amount: 89,
      from: 'EUR',
      to: 'AUD',
      rates: EUR_RATES,
      want: 147,
    },
    { name: 'rounded half up', amount: 25, from: 'EUR', to: 'GBP', rates: { GBP: 0.86 }, want: 22 },
    { name: 'rounded down', amount: 10, from: 'EUR', to: 'USD', rates: EUR_RATES, want: 11 },
    { name: 'no rates', amount: 89, from: 'EUR', to: 'USD', rates: null, want: null },
    {
      name: 'rates without the target',
      amount: 89,
      from: 'EUR',
      to: 'USD',
      rates: { EUR: 1 },
      want: null,
    },
    { name: 'a zero rate', amount: 89, from: 'EUR', to: 'USD', rates: { USD: 0 }, want: null },
    { name: 'a negative rate', amount: 89, from: 'EUR', to: 'USD', rates: { USD: -1 }, want: null },
  ];
  for (const { name, amount, from, to, rates, want } of cases) {
    it(name, () => {
      expect(convertAmount(amount, from, to, rates)).toBe(want);
    });
  }
});
