import { convertedStep, minorUnitsPerUnit } from './minor-units';

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
 * Rates are taken to the millionth (the rates feed publishes five significant figures), so that a
 * rate is a whole number and the conversion is exact integer arithmetic: a price that converts to
 * exactly half a unit rounds up, never down because 1.65 is 1.6499999… as a float.
 */
const RATE_SCALE = 1_000_000n;

/**
 * Converts an amount in minor units from one currency to another with the rate map of the first,
 * rounded half up to the second's converted step (whole units: converted prices are rounded to
 * whole numbers), and returns it in minor units of the second: €10.00 at 1.65 is A$17 (1700). An
 * amount in its own currency is returned as it is; null means the rates do not cover the target
 * currency, and the caller shows the amount unconverted. The amount is a whole, non-negative
 * number of minor units.
 */
export function convertMinorUnits(
  amount: number,
  from: string,
  to: string,
  rates: RateMap | null,
): number | null {
  if (from === to) return amount;
  const rate = rates?.[to];
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return null;
  const step = convertedStep(to);
  const scaledRate = BigInt(Math.round(rate * Number(RATE_SCALE)));
  const converted = BigInt(amount) * scaledRate * BigInt(minorUnitsPerUnit(to));
  const divisor = BigInt(minorUnitsPerUnit(from)) * RATE_SCALE * BigInt(step);
  const steps = (2n * converted + divisor) / (2n * divisor);
  return Number(steps) * step;
}
