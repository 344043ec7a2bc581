/** A money string read apart: its amount and how it was written. */
export interface ParsedPrice {
  /** In major units: '€1.234,56' is 1234.56. */
  amount: number;
  /** The currency symbol or code as written ('€', 'A$', 'EUR', 'CHF'), or '' when there is none. */
  symbol: string;
  symbolPosition: 'before' | 'after' | 'none';
  /** The separator before the fraction, or null when the amount is written without one. */
  decimalSeparator: '.' | ',' | null;
  /** The separator between groups of thousands, or null when the digits are not grouped. */
  thousandsSeparator: string | null;
}

// Spaces a locale may put between the symbol and the digits or between groups of digits: the
// plain space, the no-break space (lt, de-AT) and the narrow no-break space (fr).
const SPACES = ' \\u00A0\\u202F';
// A symbol or code: letters and currency signs ('€', 'A$', 'CHF'), maybe ending in a dot ('kr.').
const SYMBOL = '[\\p{L}\\p{Sc}]+\\.?';
// Digits with separators between them: '.', ',', spaces and the apostrophes of de-CH.
const NUMBER = `\\d(?:[\\d.,'’${SPACES}]*\\d)?`;
const MONEY = new RegExp(
  `^(?:(${SYMBOL})[${SPACES}]*)?(${NUMBER})(?:[${SPACES}]*(${SYMBOL}))?$`,
  'u',
);
// Separators that only ever group thousands, never start a fraction.
const GROUPING_ONLY = new Set([' ', '\u00A0', '\u202F', "'", '’']);

/**
 * Reads a money string as a theme or Intl writes it, in any of the usual conventions: '€1.234,56',
 * '1 234,56 €', '$1,234.56', 'A$45', '£12', '12,00 EUR', "CHF 1'234.50". Returns null for
 * anything else, negative amounts included (the theme's '-1' placeholder is not a price).
 *
 * A lone '.' or ',' followed by exactly three digits groups thousands ('$1,234', '1.234 €'), since
 * the currencies sold here have two decimals or none.
 */
export function parsePrice(text: string): ParsedPrice | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const [, before = '', number = '', after = ''] = match;

  const groups = number.split(/[^\d]/);
  const separators = [...number.replace(/\d/g, '')];
  const last = separators.at(-1);
  const lastGroup = groups.at(-1) ?? '';
  const lastIsDecimal =
    last !== undefined &&
    !GROUPING_ONLY.has(last) &&
    separators.indexOf(last) === separators.length - 1 &&
    (separators.length > 1 || lastGroup.length !== 3);

  const decimalSeparator = lastIsDecimal ? (last as '.' | ',') : null;
  const grouping = lastIsDecimal ? separators.slice(0, -1) : separators;
  const integerGroups = lastIsDecimal ? groups.slice(0, -1) : groups;
  const thousandsSeparator = grouping[0] ?? null;
  if (grouping.some((separator) => separator !== thousandsSeparator)) return null;
  if (
    thousandsSeparator !== null &&
    !integerGroups.every((group, i) => (i === 0 ? group.length <= 3 : group.length === 3))
  ) {
    return null;
  }

  const fraction = lastIsDecimal ? `.${lastGroup}` : '';
  return {
    amount: Number(integerGroups.join('') + fraction),
    symbol: before || after,
    symbolPosition: before ? 'before' : after ? 'after' : 'none',
    decimalSeparator,
    thousandsSeparator,
  };
}
