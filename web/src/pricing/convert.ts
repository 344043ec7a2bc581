/** What one unit of a currency buys of each other currency: {"EUR": 1, "AUD": 1.65, ...}. */
export type RateMap = Readonly<Record<string, number>>;

/** Whether a value read from outside (an API answer, storage) is a map of positive rates. */
export function isRateMap(value: unknown): value is RateMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((rate) => typeof rate === 'number' && rate > 0 && isFinite(rate))
  );
}

/**
 * Converts an amount from one currency to another with the rate map of the first, rounded to whole
 * units (spec section 9). An amount in its own currency is returned as it is; null means the rates
 * do not cover the target currency, and the caller shows the amount unconverted.
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: RateMap | null,
): number | null {
  if (from === to) return amount;
  const rate = rates?.[to];
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return null;
  return Math.round(amount * rate);
}
