import { MONEY_LOCALE } from '../constants';
import { currencyOption } from '../market/currency';
import { minorDigits, minorUnitsPerUnit } from './minor-units';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount in minor units the way every price widget shows it: with the currency's narrow
 * symbol and no fraction digits (8900 EUR is '€89', 123400 USD '$1,234'). This is the only place a
 * widget turns an amount into text.
 *
 * In the widgets' locale and a currency of the shop's table (every price they show), the text is
 * put together here, as Intl.NumberFormat writes it: the first Intl object a page makes loads the
 * browser's locale data, about 35 ms of a phone's main thread in one task, which the first price
 * would otherwise wait for. Any other locale or currency goes to Intl.NumberFormat.
 */
export function formatMoney(amount: number, currency: string, locale = MONEY_LOCALE): string {
  const option = currencyOption(currency);
  if (locale !== MONEY_LOCALE || option === undefined || !Number.isSafeInteger(amount)) {
    return formatter(locale, currency, 'narrowSymbol', 0).format(
      amount / minorUnitsPerUnit(currency),
    );
  }
  const perUnit = minorUnitsPerUnit(currency);
  // Halves round away from zero, as Intl.NumberFormat rounds them.
  const units = Math.floor((Math.abs(amount) + perUnit / 2) / perUnit);
  // Intl.NumberFormat signs every negative amount, one that rounds to zero and -0 too.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${option.symbol}${groupThousands(String(units))}`;
}

/** The digits of a whole number with a comma between each group of three: '1234567' is '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
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
