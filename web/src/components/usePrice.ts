import { useEffect } from 'react';
import { PRICE_PLACEHOLDER } from '../constants';
import { marketStore, useMarket } from '../market/store';
import { toCurrency } from '../market/currency';
import {
  applyDiscount,
  comparePrices,
  parseComparedPrice,
  type PricePair,
} from '../pricing/discount';
import { displayPrice, type DisplayedPrice } from '../pricing/display';
import { parsePrice } from '../pricing/parse';
import { useAutomaticDiscount } from './useAutomaticDiscount';

/** What a price widget is given, as the theme writes it. */
export interface PriceInputs {
  /** The theme's money string in the market currency; '-1' while the theme does not know it. */
  price: string | null;
  /** A higher price to strike through, '' or 'nodiscount' for none. */
  comparedAt: string | null;
  /** The market's ISO country code, for the discount lookup. */
  market: string | null;
  variantId: string | null;
  productId: string | null;
  /** The currency the price is in, when not the store's market currency (development). */
  currency?: string | null;
  /** The theme holds the price back (isPriceReady="false"). */
  held?: boolean;
}

/**
 * The price and the price it is compared with, in the market currency: 'loading' while the theme
 * holds the price back, the price is the placeholder '-1' or a discount lookup is in progress;
 * null when there is no price. A discount is looked up only for a price with no compared price,
 * and then compared with the undiscounted price.
 */
export function usePricePair(inputs: PriceInputs): PricePair | 'loading' | null {
  const { price: priceText, comparedAt, market, variantId, productId, held } = inputs;
  const price =
    priceText && priceText !== PRICE_PLACEHOLDER ? (parsePrice(priceText)?.amount ?? null) : null;
  const compared = parseComparedPrice(comparedAt);
  const lookup = price !== null && compared === null && market && (variantId || productId);
  const amountOff = useAutomaticDiscount(lookup ? { market, variantId, productId } : null);

  if (held || priceText === PRICE_PLACEHOLDER || amountOff === 'pending') return 'loading';
  if (price === null) return null;
  return compared === null ? applyDiscount(price, amountOff) : comparePrices(price, compared);
}

/**
 * The price to show: 'loading' until it can be shown as it will stay, null when there is none.
 *
 * It is ready when the market currency is known, the price is not the placeholder '-1', no
 * discount lookup is in progress (spec sections 4 and 9) and, when it is to be converted, the
 * rates have arrived or failed (so a price never shows first in the wrong currency).
 */
export function useDisplayedPrice(inputs: PriceInputs): DisplayedPrice | 'loading' | null {
  const { currency } = inputs;
  const marketCurrency = useMarket((state) =>
    currency ? toCurrency(currency) : state.marketCurrency,
  );
  const displayCurrency = useMarket((state) => state.displayCurrency) ?? marketCurrency;
  const converting = displayCurrency !== marketCurrency;
  // Only a price it converts reads the rates, so that their arrival renders no other price again.
  const rates = useMarket((state) =>
    converting && marketCurrency ? state.rates[marketCurrency] : undefined,
  );
  const ratesArrived = rates !== undefined && rates !== 'loading';

  useEffect(() => {
    if (converting) marketStore.getState().loadRates(marketCurrency);
  }, [converting, marketCurrency]);

  const pair = usePricePair(inputs);
  if (
    pair === 'loading' ||
    marketCurrency === null ||
    displayCurrency === null ||
    (converting && !ratesArrived)
  ) {
    return 'loading';
  }
  if (pair === null) return null;
  return displayPrice(pair, marketCurrency, displayCurrency, ratesArrived ? rates : null);
}
