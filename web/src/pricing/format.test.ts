import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  const cases = [
    { amount: 89, currency: 'EUR', want: '€89' },
    { amount: 1234, currency: 'EUR', want: '€1,234' },
    { amount: 149, currency: 'USD', want: '$149' },
    { amount: 215, currency: 'AUD', want: '$215' },
    { amount: 79, currency: 'GBP', want: '£79' },
    { amount: 89.5, currency: 'EUR', want: '€90' },
    { amount: 89.49, currency: 'EUR', want: '€89' },
    { amount: 0, currency: 'USD', want: '$0' },
  ];
  for (const { amount, currency, want } of cases) {
    it(`formats ${amount} ${currency} with the narrow symbol and no fraction as ${want}`, () => {
      expect(formatMoney(amount, currency)).toBe(want);
    });
  }

  it('follows the locale it is given', () => {
    expect(formatMoney(1234, 'EUR', 'de')).toBe('1.234\u00A0€');
  });
});
