import { NO_DISCOUNT } from '../constants';
import { readMinorUnits, toMinorUnits } from './minor-units';
import { parsePrice } from './parse';

/**
 * A price as the theme gives it, in minor units of the market currency: from its minor-unit
 * attribute (price_minor="8900") when the theme writes one, else read back from its money text
 * (price="€89,00"), for themes that only have the text. Null when neither holds a price.
 */
export function readPrice(
  minorText: string | null | undefined,
  moneyText: string | null | undefined,
  currency: string,
): number | null {
  const minor = readMinorUnits(minorText);
  if (minor !== null) return minor;
  const parsed = moneyText ? parsePrice(moneyText) : null;
  return parsed ? toMinorUnits(parsed.amount, currency) : null;
}

/**
 * A compared price as the theme gives it, like readPrice; in the money text, empty, 'nodiscount'
 * or anything that is not a money string means there is no compared price.
 */
export function readComparedPrice(
  minorText: string | null | undefined,
  moneyText: string | null | undefined,
  currency: string,
): number | null {
  return readPrice(minorText, moneyText === NO_DISCOUNT ? null : moneyText, currency);
}
