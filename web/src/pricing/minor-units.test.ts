import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../constants';
import { convertedStep, minorUnitsPerUnit, readMinorUnits, toMinorUnits } from './minor-units';

describe('minorUnitsPerUnit and convertedStep', () => {
  it.each([...CURRENCIES.map(({ currency }) => currency), 'CHF'])(
    '%s counts in hundredths and converts to whole units',
    (currency) => {
      expect(minorUnitsPerUnit(currency)).toBe(100);
      expect(convertedStep(currency)).toBe(100);
    },
  );
});

describe('toMinorUnits', () => {
  it.each([
    { amount: 4.5, want: 450 },
    { amount: 89, want: 8900 },
    { amount: 0.29, want: 29 },
    { amount: 1.005, want: 100 },
    { amount: 0, want: 0 },
  ])('$amount EUR is $want cents', ({ amount, want }) => {
    expect(toMinorUnits(amount, 'EUR')).toBe(want);
  });
});

describe('readMinorUnits', () => {
  it.each([
    { text: '8900', want: 8900 },
    { text: ' 8900 ', want: 8900 },
    { text: '0', want: 0 },
    { text: '', want: null },
    { text: null, want: null },
    { text: '-1', want: null },
    { text: '89.00', want: null },
    { text: '€89', want: null },
    { text: '1e5', want: null },
    { text: '9999999999999999', want: null },
  ])('$text reads as $want', ({ text, want }) => {
    expect(readMinorUnits(text)).toBe(want);
  });
});
