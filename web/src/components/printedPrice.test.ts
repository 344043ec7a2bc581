import { describe, expect, it } from 'vitest';
import { printedAmountOff, type PrintedPriceAttributes } from './printedPrice';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const context = {
  price: 11900,
  compared: null,
  market: 'LT',
  marketCurrency: 'EUR',
  displayCurrency: 'EUR',
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
    ['another display currency', discounted, { displayCurrency: 'USD' }, null],
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
