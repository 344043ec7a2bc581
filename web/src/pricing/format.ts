import { MONEY_LOCALE } from '../constants';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount in major units the way every price widget shows it (spec section 9): with the
 * currency's narrow symbol and no fraction digits ('€89', '$1,234', '£79').
 */
export function formatMoney(amount: number, currency: string, locale = MONEY_LOCALE): string {
  const key = `${locale}/${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
