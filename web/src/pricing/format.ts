import { MONEY_LOCALE } from '../constants';
import { minorDigits, minorUnitsPerUnit } from './minor-units';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount in minor units the way every price widget shows it: with the currency's narrow
 * symbol and no fraction digits (8900 EUR is '€89', 123400 USD '$1,234'). This is the only place a
 * widget turns an amount into text.
 */
export function formatMoney(amount: number, currency: string, locale = MONEY_LOCALE): string {
  return formatter(locale, currency, 'narrowSymbol', 0).format(
    amount / minorUnitsPerUnit(currency),
  );
}

/**
 * Formats an amount in minor units exact to its minor unit, as checkout charges it, with a symbol
 * that tells the dollars apart: 12900 EUR is '€129.00', 21500 AUD 'A$215.00'. Only for the amount
 * charged, shown beside a converted, rounded price.
 */
export function formatExactMoney(amount: number, currency: string, locale = MONEY_LOCALE): string {
  return formatter(locale, currency, 'symbol', minorDigits(currency)).format(
    amount / minorUnitsPerUnit(currency),
  );
}

function formatter(
  locale: string,
  currency: string,
  currencyDisplay: 'narrowSymbol' | 'symbol',
  fractionDigits: number,
): Intl.NumberFormat {
  const key = `${locale}/${currency}/${currencyDisplay}/${fractionDigits}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, cached);
  }
  return cached;
}
