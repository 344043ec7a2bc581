import { DISCOUNT_BATCH_MAX_IDS, MESSAGES } from '../constants';
import {
  getProductDiscount,
  getVariantDiscount,
  getVariantDiscounts,
  type DiscountAnswer,
} from './knitfront';

/** What a price widget looks up: a variant's discount, or without a variant its product's. */
export interface DiscountRequest {
  market: string;
  variantId?: string | null;
  productId?: string | null;
}

interface Waiter {
  variantId: string;
  settle: (amountOff: number) => void;
  /** Set once the lookup is sent: tells its request that this lookup no longer waits for it. */
  leave?: () => void;
}

// The API takes numeric ids and two-letter markets; one bad id would fail a whole batch with a
// 400, so such a lookup answers "no discount" on its own instead.
const ID = /^\d{1,19}$/;
const MARKET = /^[A-Za-z]{2}$/;

/** Variant lookups waiting for the next flush, by market. */
const queued = new Map<string, Set<Waiter>>();
let flushQueued = false;

/**
 * The automatic discount of a variant (or, given only a product, of the product) in a market: the
 * money off one unit, 0 when there is none.
 *
 * Variant lookups made in the same tick are coalesced: a microtask sends them as one batch per
 * market (split into requests of at most DISCOUNT_BATCH_MAX_IDS distinct ids), so a collection
 * page of 48 cards, whose elements all render in one go (ReactElement), makes one request; a
 * batch of one id uses the single-variant call. A microtask rather than a 0 ms timer: after
 * DOMContentLoaded a timer waits behind the browser's layout and image work (70-90 ms with 48
 * cards in Chromium), a microtask does not.
 *
 * A failed lookup is logged and resolves to 0, so the price shows undiscounted. The promise
 * rejects only when `signal` aborts: an aborted lookup that has not gone out yet leaves the
 * batch; a request already sent is cancelled once every lookup it answers has aborted, and runs on
 * for the others until then.
 */
export function lookupDiscount(request: DiscountRequest, signal: AbortSignal): Promise<number> {
  const { market, variantId, productId } = request;
  const id = variantId || productId || '';
  if (!MARKET.test(market) || !ID.test(id)) {
    console.error(MESSAGES.discountLookupInvalid(market, id));
    return Promise.resolve(0);
  }
  if (variantId) return queueVariant(market.toUpperCase(), variantId, signal);
  return getProductDiscount(market, id, signal).then(amountOff, (error: unknown) => {
    if (signal.aborted) throw error;
    console.error(error);
    return 0;
  });
}

function queueVariant(market: string, variantId: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const waiters = queued.get(market) ?? new Set();
    const waiter: Waiter = {
      variantId,
      settle: (amount) => {
        signal.removeEventListener('abort', onAbort);
        resolve(amount);
      },
    };
    function onAbort() {
      waiters.delete(waiter);
      waiter.leave?.();
      reject(signal.reason);
    }
    signal.addEventListener('abort', onAbort, { once: true });
    waiters.add(waiter);
    queued.set(market, waiters);
    if (!flushQueued) queueMicrotask(flush);
    flushQueued = true;
  });
}

function flush() {
  flushQueued = false;
  for (const [market, waiters] of queued) {
    queued.delete(market);
    const byId = new Map<string, Waiter[]>();
    for (const waiter of waiters) {
      const same = byId.get(waiter.variantId);
      if (same) same.push(waiter);
      else byId.set(waiter.variantId, [waiter]);
    }
    const ids = [...byId.keys()];
    for (let start = 0; start < ids.length; start += DISCOUNT_BATCH_MAX_IDS) {
      const chunk = ids.slice(start, start + DISCOUNT_BATCH_MAX_IDS);
      const controller = new AbortController();
      let waiting = 0;
      for (const id of chunk) {
        for (const waiter of byId.get(id) ?? []) {
          waiting++;
          waiter.leave = () => {
            if (--waiting === 0) controller.abort();
          };
        }
      }
      fetchDiscounts(market, chunk, controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error(error);
          return {} as Record<string, DiscountAnswer | undefined>;
        })
        .then((answers) => {
          for (const id of chunk) {
            for (const waiter of byId.get(id) ?? []) waiter.settle(amountOff(answers[id]));
          }
        });
    }
  }
}

async function fetchDiscounts(
  market: string,
  ids: string[],
  signal: AbortSignal,
): Promise<Record<string, DiscountAnswer | undefined>> {
  const [only] = ids;
  if (ids.length === 1 && only) return { [only]: await getVariantDiscount(market, only, signal) };
  return getVariantDiscounts(market, ids, signal);
}

/** The amount of an answer; anything but a positive number means no discount. */
function amountOff(answer: DiscountAnswer | undefined): number {
  const amount = answer?.amount;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : 0;
}
