/** A price and the higher price it is compared with, both in minor units of one currency. */
export interface PricePair {
  price: number;
  compared: number | null;
}

/**
 * The compared-price rules: a compared price equal to the price is dropped, and
 * one lower than the price is swapped with it, so the higher of the two is always the one struck.
 */
export function comparePrices(price: number, compared: number | null): PricePair {
  if (compared === null || compared === price) return { price, compared: null };
  return compared < price ? { price: compared, compared: price } : { price, compared };
}

/**
 * A price after an automatic discount of amountOff per unit, both in minor units; the undiscounted
 * price is compared.
 */
export function applyDiscount(price: number, amountOff: number): PricePair {
  if (!(amountOff > 0)) return { price, compared: null };
  return { price: Math.max(0, price - amountOff), compared: price };
}

/** The discount in whole percent: the absolute difference over the compared price, rounded. */
export function discountPercentage({ price, compared }: PricePair): number {
  if (!compared) return 0;
  return Math.round((Math.abs(compared - price) / compared) * 100);
}

/** The badge text, or null when there is nothing to show (a percentage of 0 or less). */
export function discountLabel(percentage: number): string | null {
  return percentage > 0 ? `-${percentage}% off` : null;
}
