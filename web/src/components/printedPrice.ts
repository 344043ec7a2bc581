import { currencyOfCountry } from '../market/currency';
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
  /** The currency the shopper chose to see prices in. */
  displayCurrency: string;
  /** The shopper's clock, in milliseconds since the epoch. */
  now: number;
}

/**
 * The automatic discount the theme printed, in minor units (0 for none), when the widget can show
 * that price as it is while its own lookup runs: the markers are there and add up (the final
 * price is the given price less the discount), the page's market currency is the one the widget
 * prices in and shows, and the discount has not ended by the shopper's clock. Null otherwise:
 * the widget then keeps its skeleton until its lookup answers, as for a theme that prints nothing.
 */
export function printedAmountOff(
  attributes: PrintedPriceAttributes,
  context: PrintedPriceContext,
): number | null {
  const { price, compared, market, marketCurrency, displayCurrency, now } = context;
  const finalMinor = readMinorUnits(attributes['data-final-minor']);
  if (finalMinor === null || price === null || compared !== null || market === null) return null;
  if (currencyOfCountry(market) !== marketCurrency || displayCurrency !== marketCurrency) {
    return null;
  }
  const amountOff = readMinorUnits(attributes['data-discount-minor']) ?? 0;
  if (price - amountOff !== finalMinor) return null;
  const endsAt = attributes['data-discount-ends-at'];
  if (amountOff > 0 && endsAt) {
    const end = Date.parse(endsAt);
    if (!(end > now)) return null;
  }
  return amountOff;
}
