import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { parsePrice, type ParsedPrice } from './parse';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

describe('parsePrice', () => {
  const cases: { name: string; text: string; want: ParsedPrice }[] = [
    {
      name: 'euro first, decimal comma, thousands point',
      text: '€1.234,56',
      want: {
        amount: 1234.56,
        symbol: '€',
        symbolPosition: 'before',
        decimalSeparator: ',',
        thousandsSeparator: '.',
      },
    },
    {
      name: 'euro last after a no-break space, thousands grouped by a no-break space',
      text: `1${NBSP}234,56${NBSP}€`,
      want: {
        amount: 1234.56,
        symbol: '€',
        symbolPosition: 'after',
        decimalSeparator: ',',
        thousandsSeparator: NBSP,
      },
    },
    {
      name: 'dollar first, decimal point, thousands comma',
      text: '$1,234.56',
      want: {
        amount: 1234.56,
        symbol: '$',
        symbolPosition: 'before',
        decimalSeparator: '.',
        thousandsSeparator: ',',
      },
    },
    {
      name: 'two-character symbol',
      text: 'A$45',
      want: {
        amount: 45,
        symbol: 'A$',
        symbolPosition: 'before',
        decimalSeparator: null,
        thousandsSeparator: null,
      },
    },
    {
      name: 'pound without fraction',
      text: '£12',
      want: {
        amount: 12,
        symbol: '£',
        symbolPosition: 'before',
        decimalSeparator: null,
        thousandsSeparator: null,
      },
    },
    {
      name: 'code last, decimal comma',
      text: '12,00 EUR',
      want: {
        amount: 12,
        symbol: 'EUR',
        symbolPosition: 'after',
        decimalSeparator: ',',
        thousandsSeparator: null,
      },
    },
    {
      name: 'code first, apostrophe thousands',
      text: "CHF 1'234.50",
      want: {
        amount: 1234.5,
        symbol: 'CHF',
        symbolPosition: 'before',
        decimalSeparator: '.',
        thousandsSeparator: "'",
      },
    },
    {
      name: 'narrow no-break space thousands (fr)',
      text: `12${NNBSP}345${NNBSP}678,9${NBSP}€`,
      want: {
        amount: 12345678.9,
        symbol: '€',
        symbolPosition: 'after',
        decimalSeparator: ',',
        thousandsSeparator: NNBSP,
      },
    },
    {
      name: 'the theme money string of a whole euro price',
      text: '€89,00',
      want: {
        amount: 89,
        symbol: '€',
        symbolPosition: 'before',
        decimalSeparator: ',',
        thousandsSeparator: null,
      },
    },
    {
      name: 'a lone comma before three digits groups thousands',
      text: '$1,234',
      want: {
        amount: 1234,
        symbol: '$',
        symbolPosition: 'before',
        decimalSeparator: null,
        thousandsSeparator: ',',
      },
    },
    {
      name: 'a lone point before three digits groups thousands',
      text: '1.234 €',
      want: {
        amount: 1234,
        symbol: '€',
        symbolPosition: 'after',
        decimalSeparator: null,
        thousandsSeparator: '.',
      },
    },
    {
      name: 'a lone point before two digits starts the fraction',
      text: '£0.50',
      want: {
        amount: 0.5,
        symbol: '£',
        symbolPosition: 'before',
        decimalSeparator: '.',
        thousandsSeparator: null,
      },
    },
    {
      name: 'symbol and code around the amount',
      text: '€1.234,56 EUR',
      want: {
        amount: 1234.56,
        symbol: '€',
        symbolPosition: 'before',
        decimalSeparator: ',',
        thousandsSeparator: '.',
      },
    },
    {
      name: 'surrounding whitespace',
      text: '  \n$149.00 ',
      want: {
        amount: 149,
        symbol: '$',
        symbolPosition: 'before',
        decimalSeparator: '.',
        thousandsSeparator: null,
      },
    },
    {
      name: 'no symbol at all',
      text: '79.00',
      want: {
        amount: 79,
        symbol: '',
        symbolPosition: 'none',
        decimalSeparator: '.',
        thousandsSeparator: null,
      },
    },
  ];
  for (const { name, text, want } of cases) {
    it(`reads ${JSON.stringify(text)}: ${name}`, () => {
      expect(parsePrice(text)).toEqual(want);
    });
  }

  const invalid: { name: string; text: string }[] = [
    { name: 'empty', text: '' },
    { name: 'the placeholder -1', text: '-1' },
    { name: 'a negative price', text: '-€5,00' },
    { name: 'words', text: 'sold out' },
    { name: 'two separators in a row', text: '1,,234' },
    { name: 'mixed thousands separators', text: '1,234.567.890,12' },
    { name: 'a short group after the first', text: '1,23,456' },
    { name: 'a long first group', text: '1234,567.00' },
    { name: 'a trailing separator', text: '12,' },
    { name: 'a leading separator', text: '.50' },
    { name: 'a symbol between digits', text: '12€34' },
    { name: 'two amounts', text: '€12 €13' },
  ];
  for (const { name, text } of invalid) {
    it(`refuses ${JSON.stringify(text)}: ${name}`, () => {
      expect(parsePrice(text)).toBeNull();
    });
  }
});

describe('parsePrice reads back what Intl formats', () => {
  // Locales whose conventions differ: symbol first or last, decimal point or comma, thousands by
  // comma, point, no-break space, narrow no-break space or apostrophe.
  const locales = fc.constantFrom('en', 'en-AU', 'en-GB', 'de', 'de-CH', 'fr', 'lt', 'nl', 'es');
  const currencies = fc.constantFrom('EUR', 'AUD', 'GBP', 'USD', 'CHF');
  // Every magnitude equally: no separator, one (the ambiguous '1,234'), and several.
  const magnitudes = (max: number) =>
    fc.oneof(
      fc.integer({ min: 0, max: 999 }),
      fc.integer({ min: 1_000, max: 999_999 }),
      fc.integer({ min: 1_000_000, max }),
    );

  it('whole amounts formatted by formatMoney', () => {
    fc.assert(
      fc.property(magnitudes(1e13), currencies, locales, (amount, currency, locale) => {
        expect(parsePrice(formatMoney(amount * 100, currency, locale))?.amount).toBe(amount);
      }),
    );
  });

  it('amounts with cents, as the theme writes them, with symbol or code', () => {
    const display = fc.constantFrom('symbol', 'narrowSymbol', 'code');
    fc.assert(
      fc.property(
        magnitudes(1e14),
        currencies,
        locales,
        display,
        (cents, currency, locale, currencyDisplay) => {
          const text = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            currencyDisplay: currencyDisplay as Intl.NumberFormatOptions['currencyDisplay'],
          }).format(cents / 100);
          expect(parsePrice(text)?.amount).toBe(cents / 100);
        },
      ),
    );
  });
});
