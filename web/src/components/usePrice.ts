import { useEffect, useState } from 'react';
import { PRICE_PLACEHOLDER } from '../constants';
import { marketStore, useMarket } from '../market/store';
import { toCurrency } from '../market/currency';
import { applyDiscount, comparePrices, type PricePair } from '../pricing/discount';
import { displayPrice, type DisplayedPrice } from '../pricing/display';
import { toMinorUnits } from '../pricing/minor-units';
import { readComparedPrice, readPrice } from '../pricing/read';
import {
  PRINTED_PRICE_ATTRIBUTES,
  printedAmountOff,
  printedRates,
  type PrintedPriceAttributes,
} from './printedPrice';
import { useAutomaticDiscount } from './useAutomaticDiscount';

/**
 * The attributes every price widget reads its price from: the spec's names, price_minor and
 * compared_at_minor, the same amounts in minor units, read in place of the money texts when the
 * theme writes them, and the markers of a final price the theme printed.
 */
export const PRICE_ATTRIBUTES = [
  'price',
  'price_minor',
  'compared_at',
  'compared_at_minor',
  'iso_code',
  'variant_id',
  ...PRINTED_PRICE_ATTRIBUTES,
] as const;
export type PriceAttributes = Partial<Record<(typeof PRICE_ATTRIBUTES)[number], string | null>>;

/** The amounts of a price widget's inputs, from its attributes. */
export function priceAmounts(
  attributes: PriceAttributes,
): Pick<PriceInputs, 'priceMinor' | 'price' | 'comparedAtMinor' | 'comparedAt' | 'printed'> {
  return {
    priceMinor: attributes.price_minor,
    price: attributes.price ?? null,
    comparedAtMinor: attributes.compared_at_minor,
    comparedAt: attributes.compared_at ?? null,
    printed: Object.fromEntries(
      PRINTED_PRICE_ATTRIBUTES.map((name) => [name, attributes[name] ?? null]),
    ),
  };
}

/** What a price widget is given, as the theme writes it. */
export interface PriceInputs {
  /** The price in minor units of the market currency ('8900'), when the theme writes it. */
  priceMinor?: string | null;
  /** The theme's money string in the market currency; '-1' while the theme does not know it. */
  price: string | null;
  /** A higher price to strike through, in minor units, when the theme writes it. */
  comparedAtMinor?: string | null;
  /** A higher price to strike through as a money string, '' or 'nodiscount' for none. */
  comparedAt: string | null;
  /** The market's ISO country code, for the discount lookup. */
  market: string | null;
  variantId: string | null;
  productId: string | null;
  /** The currency the price is in, when not the store's market currency (development). */
  currency?: string | null;
  /** The theme holds the price back (isPriceReady="false"). */
  held?: boolean;
  /** The markers of the final price the theme printed, when it printed one. */
  printed?: PrintedPriceAttributes;
}

/** The currency the theme's prices are in: the one given, else the store's market currency. */
function useMarketCurrency(currency: string | null | undefined) {
  return useMarket((state) => (currency ? toCurrency(currency) : state.marketCurrency));
}

/**
 * The price and the price it is compared with, in minor units of the market currency: 'loading'
 * while the theme holds the price back, the price is the placeholder '-1', the market currency is
 * not known or a discount lookup is in progress; null when there is no price. A discount is looked
 * up only for a price with no compared price, and then compared with the undiscounted price.
 *
 * While the lookup is in progress, a discount the theme printed that the page can vouch for
 * (printedAmountOff) stands in for its answer, so that the printed price stays shown, and the
 * lookup only confirms it (it goes out once the page has painted); an answer that differs
 * replaces it in place. With confirmPrinted false (a badge on its own, whose price beside it looks
 * the discount up), such a discount is the answer and nothing is looked up.
 */
export function usePricePair(
  inputs: PriceInputs,
  { confirmPrinted = true }: { confirmPrinted?: boolean } = {},
): PricePair | 'loading' | null {
  const { market, variantId, productId, held } = inputs;
  const marketCurrency = useMarketCurrency(inputs.currency);
  // The shopper's clock when the widget took the page over, for a printed discount's end.
  const [now] = useState(Date.now);
  const placeholder = inputs.price === PRICE_PLACEHOLDER || inputs.priceMinor === PRICE_PLACEHOLDER;
  const price =
    marketCurrency === null || placeholder
      ? null
      : readPrice(inputs.priceMinor, inputs.price, marketCurrency);
  const compared =
    marketCurrency === null
      ? null
      : readComparedPrice(inputs.comparedAtMinor, inputs.comparedAt, marketCurrency);
  const lookup = price !== null && compared === null && market && (variantId || productId);
  const printedOff =
    lookup && marketCurrency !== null && inputs.printed
      ? printedAmountOff(inputs.printed, { price, compared, market, marketCurrency, now })
      : null;
  // Without confirmPrinted, a printed discount the page vouches for is the answer: nothing is looked
  // up.
  const settled = printedOff !== null && !confirmPrinted;
  const amountOff = useAutomaticDiscount(
    lookup && !settled ? { market, variantId, productId } : null,
    { confirming: printedOff !== null },
  );

  if (held || placeholder || marketCurrency === null) return 'loading';
  if (amountOff === 'pending' && printedOff === null) return 'loading';
  if (price === null) return null;
  if (compared !== null) return comparePrices(price, compared);
  return applyDiscount(
    price,
    settled || amountOff === 'pending'
      ? (printedOff ?? 0)
      : toMinorUnits(amountOff, marketCurrency),
  );
}

/**
 * The price to show: 'loading' until it can be shown as it will stay, null when there is none.
 *
 * It is ready when the market currency is known, the price is not the placeholder '-1', no
 * discount lookup is in progress (or the theme printed its answer) and, when it is to be
 * converted, the rates have arrived or failed (so a price never shows first in the wrong
 * currency). Until they arrive, the rates the theme printed stand in for them: the page's printed
 * prices were converted with them, and the widget takes them over as they are.
 */
export function useDisplayedPrice(inputs: PriceInputs): DisplayedPrice | 'loading' | null {
  const marketCurrency = useMarketCurrency(inputs.currency);
  const displayCurrency = useMarket((state) => state.displayCurrency) ?? marketCurrency;
  const converting = displayCurrency !== marketCurrency;
  // Only a price it converts reads the rates, so that their arrival renders no other price again.
  const loaded = useMarket((state) =>
    converting && marketCurrency ? state.rates[marketCurrency] : undefined,
  );
  const [now] = useState(Date.now);
  const ratesArrived = loaded !== undefined && loaded !== 'loading';
  const rates =
    ratesArrived || !converting || marketCurrency === null
      ? loaded
      : printedRates(marketCurrency, now);

  useEffect(() => {
    if (converting) marketStore.getState().loadRates(marketCurrency);
  }, [converting, marketCurrency]);

  const pair = usePricePair(inputs);
  if (
    pair === 'loading' ||
    marketCurrency === null ||
    displayCurrency === null ||
    rates === 'loading' ||
    (converting && rates === undefined)
  ) {
    return 'loading';
  }
  if (pair === null) return null;
  return displayPrice(pair, marketCurrency, displayCurrency, rates ?? null);
}
