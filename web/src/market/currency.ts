import { CURRENCIES, DEFAULT_CURRENCY, MARKET_CURRENCIES, type Currency } from '../constants';

/** Whether a currency code is one the shop lists. */
export function isCurrency(value: string): value is Currency {
  return CURRENCIES.some(({ currency }) => currency === value);
}

/** A currency from outside (storage, a cookie, a click) kept only when listed, else EUR. */
export function toCurrency(value: string): Currency {
  return CURRENCIES.find(({ currency }) => currency === value)?.currency ?? DEFAULT_CURRENCY;
}

/** An ISO country code in upper case, or null when the value is not one. */
export function toCountry(value: string | null | undefined): string | null {
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
}

/** The currency of the market a country shops in; countries without a market of their own, EUR. */
export function currencyOfCountry(country: string): Currency {
  return MARKET_CURRENCIES[country.toUpperCase()] ?? DEFAULT_CURRENCY;
}
