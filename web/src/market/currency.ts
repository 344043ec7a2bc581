import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  MARKET_CURRENCIES,
  type Currency,
  type CurrencyOption,
} from '../constants';

/** The shop's row of a currency code (its symbol and digits), or undefined when not listed. */
export function currencyOption(code: string): CurrencyOption | undefined {
  return CURRENCIES.find(({ currency }) => currency === code);
}

/** Whether a currency code is one the shop lists. */
export function isCurrency(value: string): value is Currency {
  return currencyOption(value) !== undefined;
}

/** A currency from outside (storage, a cookie, a click) kept only when listed, else EUR. */
export function toCurrency(value: string): Currency {
  return currencyOption(value)?.currency ?? DEFAULT_CURRENCY;
}

/** An ISO country code in upper case, or null when the value is not one. */
export function toCountry(value: string | null | undefined): string | null {
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
}

/** The currency of the market a country shops in; countries without a market of their own, EUR. */
export function currencyOfCountry(country: string): Currency {
  return MARKET_CURRENCIES[country.toUpperCase()] ?? DEFAULT_CURRENCY;
}
