import { describe, expect, it } from 'vitest';
import { convertMinorUnits, type RateMap } from './convert';

const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };

describe('convertMinorUnits', () => {
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
      amount: 8950,
      from: 'EUR',
      to: 'EUR',
      rates: null,
      want: 8950,
    },
    {
      name: 'converted and rounded to whole units',
      amount: 8900,
      from: 'EUR',
      to: 'AUD',
      rates: EUR_RATES,
      want: 14700,
    },
    {
      name: 'cents count before rounding',
      amount: 2975,
      from: 'EUR',
      to: 'AUD',
      rates: EUR_RATES,
      want: 4900,
    },
    {
      name: 'exactly half a unit rounds up, though 1.65 is not exact as a float',
      amount: 1000,
      from: 'EUR',
      to: 'AUD',
      rates: EUR_RATES,
      want: 1700,
    },
    {
      name: 'exactly half a unit rounds up',
      amount: 2500,
      from: 'EUR',
      to: 'GBP',
      rates: { GBP: 0.86 },
      want: 2200,
    },
    {
      name: 'just under half a unit rounds down',
      amount: 2499,
      from: 'EUR',
      to: 'GBP',
      rates: { GBP: 0.86 },
      want: 2100,
    },
    { name: 'rounded down', amount: 1000, from: 'EUR', to: 'USD', rates: EUR_RATES, want: 1100 },
    {
      name: 'a large amount stays exact',
      amount: 123_456_789_00,
      from: 'EUR',
      to: 'USD',
      rates: EUR_RATES,
      want: 133_333_332_00,
    },
    { name: 'zero', amount: 0, from: 'EUR', to: 'USD', rates: EUR_RATES, want: 0 },
    { name: 'no rates', amount: 8900, from: 'EUR', to: 'USD', rates: null, want: null },
    {
      name: 'rates without the target',
      amount: 8900,
      from: 'EUR',
      to: 'USD',
      rates: { EUR: 1 },
      want: null,
    },
    { name: 'a zero rate', amount: 8900, from: 'EUR', to: 'USD', rates: { USD: 0 }, want: null },
    {
      name: 'a negative rate',
      amount: 8900,
      from: 'EUR',
      to: 'USD',
      rates: { USD: -1 },
      want: null,
    },
  ];
  it.each(cases)('$name', ({ amount, from, to, rates, want }) => {
    expect(convertMinorUnits(amount, from, to, rates)).toBe(want);
  });
});
