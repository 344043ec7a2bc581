import { describe, expect, it } from 'vitest';
import { CURRENCIES, MONEY_LOCALE } from '../constants';
import { formatExactMoney, formatMoney } from './format';

describe('formatMoney', () => {
  const cases = [
    { amount: 8900, currency: 'EUR', want: '€89' },
    { amount: 123400, currency: 'EUR', want: '€1,234' },
    { amount: 14900, currency: 'USD', want: '$149' },
    { amount: 21500, currency: 'AUD', want: '$215' },
    { amount: 7900, currency: 'GBP', want: '£79' },
    { amount: 8950, currency: 'EUR', want: '€90' },
    { amount: 8949, currency: 'EUR', want: '€89' },
    { amount: 0, currency: 'USD', want: '$0' },
  ];
  for (const { amount, currency, want } of cases) {
    it(`formats ${amount} minor units of ${currency} with the narrow symbol and no fraction as ${want}`, () => {
      expect(formatMoney(amount, currency)).toBe(want);
    });
  }

  it('writes what Intl.NumberFormat writes, for every currency of the table', () => {
    const amounts = [0, 1, 49, 50, 51, 99, 149, 150, 8950, 99949, 99950, 100000, 123456789];
    for (const { currency } of CURRENCIES) {
      const intl = new Intl.NumberFormat(MONEY_LOCALE, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
      });
      for (const amount of [...amounts, ...amounts.map((amount) => -amount)]) {
        expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(
          intl.format(amount / 100),
        );
      }
    }
  });

  it('formats a currency outside the table with Intl.NumberFormat', () => {
    expect(formatMoney(123456, 'CAD')).toBe('$1,235');
  });

  it('follows the locale it is given', () => {
    expect(formatMoney(123400, 'EUR', 'de')).toBe('1.234\u00A0€');
  });
});

describe('formatExactMoney', () => {
  const cases = [
    { amount: 12900, currency: 'EUR', want: '€129.00' },
    { amount: 12950, currency: 'EUR', want: '€129.50' },
    { amount: 21501, currency: 'AUD', want: 'A$215.01' },
    { amount: 14900, currency: 'USD', want: '$149.00' },
    { amount: 123456, currency: 'GBP', want: '£1,234.56' },
    { amount: 0, currency: 'EUR', want: '€0.00' },
  ];
  for (const { amount, currency, want } of cases) {
    it(`formats ${amount} minor units of ${currency} to the minor unit as ${want}`, () => {
      expect(formatExactMoney(amount, currency)).toBe(want);
    });
  }
});
