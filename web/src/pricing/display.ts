import { convertMinorUnits, type RateMap } from './convert';
import { discountPercentage, type PricePair } from './discount';
import { formatMoney } from './format';

/** What a price widget shows. */
export interface DisplayedPrice {
  /** The price in minor units of the currency it shows in. */
  amount: number;
  currency: string;
  current: string;
  /** The struck-through original, or null when the price is not discounted. */
  compared: string | null;
  /** Whole percent off; the badge shows only when it is above 0. */
  percentage: number;
  /** Converted from the market currency and rounded: not the amount checkout charges. */
  converted: boolean;
}

/**
 * A price pair in minor units of the market currency, shown in the display currency: converted
 * with the market's rates, each amount rounded to whole units, then formatted. When the rates
 * cannot convert it (they failed to load, or lack the currency), the price is shown in the market
 * currency rather than not at all. The percentage is taken before conversion, so rounding the
 * converted amounts does not change it.
 */
export function displayPrice(
  pair: PricePair,
  marketCurrency: string,
  displayCurrency: string,
  rates: RateMap | null,
): DisplayedPrice {
  const converted = convertMinorUnits(pair.price, marketCurrency, displayCurrency, rates);
  const currency = converted === null ? marketCurrency : displayCurrency;
  const inCurrency = (amount: number) =>
    convertMinorUnits(amount, marketCurrency, currency, rates) ?? amount;
  const amount = converted ?? pair.price;
  return {
    amount,
    currency,
    current: formatMoney(amount, currency),
    compared: pair.compared === null ? null : formatMoney(inCurrency(pair.compared), currency),
    percentage: discountPercentage(pair),
    converted: currency !== marketCurrency,
  };
}
