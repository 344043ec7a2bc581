import { currencyOption } from '../market/currency';

/** A currency outside the table counts in hundredths, as Shopify's cart and Liquid do. */
const DEFAULT_MINOR_DIGITS = 2;
/** A currency outside the table is converted to whole units, as every price is shown. */
const DEFAULT_CONVERTED_DIGITS = 0;

/** How many fraction digits a currency's minor unit has: 2 for the euro's cents. */
export function minorDigits(currency: string): number {
  return currencyOption(currency)?.minorDigits ?? DEFAULT_MINOR_DIGITS;
}

/** How many minor units make one unit of a currency: 100 cents to the euro. */
export function minorUnitsPerUnit(currency: string): number {
  return 10 ** minorDigits(currency);
}

/**
 * The step, in minor units, that a price converted into a currency is rounded to: 100 (whole
 * units) for every currency sold here, as converted prices are rounded to whole numbers.
 */
export function convertedStep(currency: string): number {
  const convertedDigits = currencyOption(currency)?.convertedDigits ?? DEFAULT_CONVERTED_DIGITS;
  return 10 ** (minorDigits(currency) - convertedDigits);
}

/** An amount in units (as the API answers, 4.5) in minor units of its currency (450). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * minorUnitsPerUnit(currency));
}

/** Whether a value read from outside (JSON) is an amount in minor units: a whole number, 0 or more. */
export function isMinorAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Reads an amount in minor units as the theme writes it in an attribute ('8900'): a whole number
 * of digits and nothing else, or null.
 */
export function readMinorUnits(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}
