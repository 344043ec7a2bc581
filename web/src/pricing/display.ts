import { convertAmount, type RateMap } from './convert';
import { discountPercentage, type PricePair } from './discount';
import { formatMoney } from './format';

/** The texts a price widget shows. */
export interface DisplayedPrice {
  current: string;
  /** The struck-through original, or null when the price is not discounted. */
  compared: string | null;
  /** Whole percent off; the badge shows only when it is above 0. */
  percentage: number;
}

/**
 * Formats a price pair in the display currency, converting it from the market currency with the
 * market's rates. When the rates cannot convert it (they failed to load, or lack the currency), the
 * price is shown in the market currency rather than not at all. The percentage is taken before
 * conversion, so rounding the converted amounts does not change it.
 */
export function displayPrice(
  pair: PricePair,
  marketCurrency: string,
  displayCurrency: string,
  rates: RateMap | null,
): DisplayedPrice {
  const canConvert = convertAmount(pair.price, marketCurrency, displayCurrency, rates) !== null;
  const currency = canConvert ? displayCurrency : marketCurrency;
  const show = (amount: number) =>
    formatMoney(convertAmount(amount, marketCurrency, currency, rates) ?? amount, currency);
  return {
    current: show(pair.price),
    compared: pair.compared === null ? null : show(pair.compared),
    percentage: discountPercentage(pair),
  };
}
