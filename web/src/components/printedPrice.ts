import { currencyOfCountry } from '../market/currency';
import { isRateMap, type RateMap } from '../pricing/convert';
import { readMinorUnits } from '../pricing/minor-units';

/**
 * The markers a theme writes beside the final price it printed from knitfront's metafields
 * (theme/snippets/product-price.liquid): data-final-minor, the price after the automatic discount
 * in minor units of the market's currency, and for a discount its amount, percentage and end.
 */
export const PRINTED_PRICE_ATTRIBUTES = [
  'data-final-minor',
  'data-discount-minor',
  'data-discount-percentage',
  'data-discount-ends-at',
] as const;
export type PrintedPriceAttributes = Partial<
  Record<(typeof PRINTED_PRICE_ATTRIBUTES)[number], string | null>
>;

/** What the page holds besides the printed markers, at the moment the widget decides. */
export interface PrintedPriceContext {
  /** The price the element is given, in minor units of the market currency. */
  price: number | null;
  /** A compared price the element is given: the theme printed no discount over it. */
  compared: number | null;
  /** The market's country the element is given (iso_code). */
  market: string | null;
  /** The currency the widget takes the theme's prices to be in. */
  marketCurrency: string;
  /** The shopper's clock, in milliseconds since the epoch. */
  now: number;
}

/**
 * The automatic discount the theme printed, in minor units (0 for none), when the widget can show
 * that price as it is while its own lookup runs: the markers are there and add up (the final
 * price is the given price less the discount), the page's market currency is the one the widget
 * prices in, and the discount has not ended by the shopper's clock. Null otherwise: the widget
 * then keeps its skeleton until its lookup answers, as for a theme that prints nothing. (The
 * theme printed the price in every display currency too, converted with printedRates.)
 */
export function printedAmountOff(
  attributes: PrintedPriceAttributes,
  context: PrintedPriceContext,
): number | null {
  const { price, compared, market, marketCurrency, now } = context;
  const finalMinor = readMinorUnits(attributes['data-final-minor']);
  if (finalMinor === null || price === null || compared !== null || market === null) return null;
  if (currencyOfCountry(market) !== marketCurrency) return null;
  const amountOff = readMinorUnits(attributes['data-discount-minor']) ?? 0;
  if (price - amountOff !== finalMinor) return null;
  const endsAt = attributes['data-discount-ends-at'];
  if (amountOff > 0 && endsAt) {
    const end = Date.parse(endsAt);
    if (!(end > now)) return null;
  }
  return amountOff;
}

/** The element in which the theme prints the display rates (snippets/knitfront-first-paint.liquid). */
export const PRINTED_RATES_ID = 'knitfront-printed-rates';

/**
 * The display rates the theme printed in the page's head from the shop's knitfront.rates
 * metafield, the rates it converted its printed prices with, for the widgets to convert with
 * until their own request for the rates answers, so that a converted printed price is taken over
 * as it is:
 * - a rate map, of what one unit of the market currency buys of each other currency;
 * - null when the rates printed are stale (past their stale_at by the shopper's clock): the page
 *   shows its prices in the market currency, as a widget does with stale rates;
 * - undefined when the page printed no rates of this market currency (a theme without the
 *   snippet, a shop whose rates were never written, a page of another market): the widget waits
 *   for its request, as without the theme's help.
 */
export function printedRates(
  marketCurrency: string,
  now: number,
  page: Document = document,
): RateMap | null | undefined {
  const printed = readPrinted(page.getElementById(PRINTED_RATES_ID));
  if (printed === null || printed.currency !== marketCurrency || !isRateMap(printed.rates)) {
    return undefined;
  }
  const staleAt = printed.stale_at;
  if (typeof staleAt === 'string' && !(Date.parse(staleAt) > now)) return null;
  return printed.rates;
}

/** The printed rates element's JSON, read once per element. */
const readElements = new WeakMap<Element, Record<string, unknown> | null>();

function readPrinted(element: Element | null): Record<string, unknown> | null {
  if (element === null) return null;
  let printed = readElements.get(element);
  if (printed === undefined) {
    printed = parseObject(element.textContent ?? '');
    readElements.set(element, printed);
  }
  return printed;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
