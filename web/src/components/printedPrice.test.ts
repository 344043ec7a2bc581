import { describe, expect, it } from 'vitest';
import {
  PRINTED_RATES_ID,
  printedAmountOff,
  printedRates,
  type PrintedPriceAttributes,
} from './printedPrice';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const context = {
  price: 11900,
  compared: null,
  market: 'LT',
  marketCurrency: 'EUR',
  now: NOW,
};
const discounted: PrintedPriceAttributes = {
  'data-final-minor': '10710',
  'data-discount-minor': '1190',
  'data-discount-percentage': '10',
  'data-discount-ends-at': '2026-11-30T00:00:00Z',
};

describe('printedAmountOff', () => {
  it.each([
    ['a printed discount running', discounted, {}, 1190],
    ['a printed price with no discount', { 'data-final-minor': '11900' }, {}, 0],
    ['a printed discount with no end', { ...discounted, 'data-discount-ends-at': null }, {}, 1190],
    ['no markers: the theme printed nothing', {}, {}, null],
    [
      'a final price that is not a count of minor units',
      { 'data-final-minor': '107.10' },
      {},
      null,
    ],
    ['markers worked out on another price', discounted, { price: 12900 }, null],
    ['a compared price given: no discount printed over it', discounted, { compared: 15000 }, null],
    ['a market whose currency is not the one priced in', discounted, { market: 'US' }, null],
    ['no market', discounted, { market: null }, null],
    ['no price', discounted, { price: null }, null],
    [
      'a discount ended by the shopper’s clock',
      discounted,
      { now: Date.parse('2026-11-30T00:00:00Z') },
      null,
    ],
    ['an end that is not a date', { ...discounted, 'data-discount-ends-at': 'soon' }, {}, null],
  ])('%s', (_, attributes, changes, expected) => {
    expect(printedAmountOff(attributes, { ...context, ...changes })).toBe(expected);
  });
});

describe('printedRates', () => {
  const rates = { EUR: 1, AUD: 1.7826, USD: 1.0512 };
  /** A page whose head holds the rates element with this text. */
  const pageWith = (text: string) => {
    const page = document.implementation.createHTMLDocument();
    const element = page.createElement('script');
    element.type = 'application/json';
    element.id = PRINTED_RATES_ID;
    element.textContent = text;
    page.head.append(element);
    return page;
  };
  const printed = (changes: object) =>
    pageWith(JSON.stringify({ currency: 'EUR', rates, stale_at: null, ...changes }));

  it.each([
    ['rates with no staleness given', printed({}), rates],
    ['rates stale later', printed({ stale_at: '2026-11-27T00:00:00Z' }), rates],
    ['rates stale by the shopper’s clock', printed({ stale_at: '2026-11-26T12:00:00Z' }), null],
    ['rates of another market currency', printed({ currency: 'GBP' }), undefined],
    ['no rates written into the shop', printed({ rates: null }), undefined],
    ['a rate that is not a positive number', printed({ rates: { USD: 0 } }), undefined],
    ['a text that is not JSON', pageWith('{"currency": "EUR",'), undefined],
    ['no rates element', document.implementation.createHTMLDocument(), undefined],
  ])('%s', (_, page, expected) => {
    expect(printedRates('EUR', NOW, page)).toEqual(expected);
  });
});
