import { MESSAGES } from '../constants';
import { knitfrontConfig } from '../config';
import { isRateMap, type RateMap } from '../pricing/convert';

/** One automatic discount: amount is the money off one unit, in the market's currency. */
export interface DiscountAnswer {
  amount: number;
  currency?: string;
  percentage?: number;
  title?: string;
}

/** The address of an API call; with no apiBase configured, on the page's own origin. */
export function apiURL(path: string): string {
  const base = (knitfrontConfig().apiBase || window.location.origin).replace(/\/+$/, '');
  return `${base}/api/${path}`;
}

/**
 * GET automatic-discount/{market}/{variantId}. A non-OK answer throws the spec's 'Failed to get
 * variant automatic discount: {status text}'; an answer that is not JSON is logged and gives
 * undefined.
 */
export async function getVariantDiscount(
  market: string,
  variantId: string,
  signal?: AbortSignal,
): Promise<DiscountAnswer | undefined> {
  const response = await fetch(apiURL(`automatic-discount/${market}/${variantId}`), { signal });
  if (!response.ok) throw new Error(MESSAGES.variantDiscountFailed(response.statusText));
  try {
    return (await response.json()) as DiscountAnswer;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(MESSAGES.variantDiscountUnreadable, error);
    return undefined;
  }
}

/** GET automatic-discount/product/{market}/{productId}: the discount of a product's cheapest variant. */
export async function getProductDiscount(
  market: string,
  productId: string,
  signal?: AbortSignal,
): Promise<DiscountAnswer> {
  const response = await fetch(apiURL(`automatic-discount/product/${market}/${productId}`), {
    signal,
  });
  if (!response.ok) throw new Error(MESSAGES.productDiscountFailed(response.statusText));
  return (await response.json()) as DiscountAnswer;
}

/** What a batch lookup asks for: variants, or products (each answered as its cheapest variant). */
export type DiscountKind = 'variants' | 'products';

/**
 * GET automatic-discounts?market=..&variants=.. (or products=..): the discounts of up to
 * DISCOUNT_BATCH_MAX_IDS distinct variants or products, keyed by id; unknown ids are left out.
 */
export async function getDiscounts(
  market: string,
  kind: DiscountKind,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, DiscountAnswer>> {
  const query = new URLSearchParams({ market, [kind]: ids.join(',') });
  const response = await fetch(apiURL(`automatic-discounts?${query}`), { signal });
  if (!response.ok) {
    const failed =
      kind === 'variants' ? MESSAGES.variantDiscountFailed : MESSAGES.productDiscountFailed;
    throw new Error(failed(response.statusText));
  }
  const body = (await response.json()) as { discounts?: Record<string, DiscountAnswer> };
  return body.discounts ?? {};
}

/** A currency's rates, with what their answer says of them. */
export interface RatesAnswer {
  rates: RateMap;
  /** The day the rates are of, as 2026-11-20 (X-Rates-Date), or null when the answer lacks it. */
  date: string | null;
  /** Whether the server says they are out of date (X-Rates-Stale: true). */
  stale: boolean;
}

/**
 * GET currency-rates/{currency}: what one unit of it buys of each currency, of which day, and
 * whether they are stale. Any failure (network, status, an answer that is not a map of positive
 * rates) is logged and gives null.
 */
export async function getCurrencyRates(currency: string): Promise<RatesAnswer | null> {
  try {
    const response = await fetch(apiURL(`currency-rates/${currency}`));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const rates: unknown = await response.json();
    if (!isRateMap(rates)) throw new Error(`not a rate map: ${JSON.stringify(rates)}`);
    const date = response.headers.get('X-Rates-Date');
    return {
      rates,
      date: date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
      stale: response.headers.get('X-Rates-Stale') === 'true',
    };
  } catch (error) {
    console.error(MESSAGES.ratesFailed, currency, error);
    return null;
  }
}

let availableVariantIds: Promise<ReadonlySet<string> | null> | undefined;

/**
 * GET products/get-available-variant-ids: the ids of the variants on sale now (in stock, or open
 * for pre-order). Fetched once per page and shared by every widget that asks; a failure is logged
 * and gives null, which the widgets read as "unknown" and so mark nothing unavailable.
 */
export function getAvailableVariantIds(): Promise<ReadonlySet<string> | null> {
  availableVariantIds ??= fetchAvailableVariantIds();
  return availableVariantIds;
}

async function fetchAvailableVariantIds(): Promise<ReadonlySet<string> | null> {
  try {
    const response = await fetch(apiURL('products/get-available-variant-ids'));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const body = (await response.json()) as { variant_ids?: unknown };
    if (!Array.isArray(body.variant_ids)) throw new Error('no variant_ids list in the answer');
    return new Set(body.variant_ids.map(String));
  } catch (error) {
    console.error(MESSAGES.availableVariantsFailed, error);
    return null;
  }
}
