import { DISCOUNT_BATCH_MAX_IDS, MESSAGES } from '../constants';
import {
  getDiscounts,
  getProductDiscount,
  getVariantDiscount,
  type DiscountAnswer,
  type DiscountKind,
} from './knitfront';

/** What a price widget looks up: a variant's discount, or without a variant its product's. */
export interface DiscountRequest {
  market: string;
  variantId?: string | null;
  productId?: string | null;
}

interface Waiter {
  id: string;
  settle: (amountOff: number) => void;
  /** Set once the lookup is sent: tells its request that this lookup no longer waits for it. */
  leave?: () => void;
}

// The API takes numeric ids and two-letter markets; one bad id would fail a whole batch with a
// 400, so such a lookup answers "no discount" on its own instead.
const ID = /^\d{1,19}$/;
const MARKET = /^[A-Za-z]{2}$/;

/** A batch's key: its market and whether it asks for variants or products. */
interface BatchKey {
  market: string;
  kind: DiscountKind;
}

/** Lookups waiting for the next flush, by market and kind (`LT variants`). */
const queued = new Map<string, { key: BatchKey; waiters: Set<Waiter> }>();
/** When the queued lookups go out: in a microtask, or once the next frame is painted. */
let flushQueued: 'microtask' | 'paint' | null = null;

/** How a lookup is needed. */
export interface LookupOptions {
  /**
   * The page already shows the answer the widget takes for it (a price the theme printed), and the
   * lookup only confirms it: it may wait until the next frame is painted.
   */
  confirming?: boolean;
}

/**
 * The automatic discount of a variant (or, given only a product, of the product) in a market: the
 * money off one unit, 0 when there is none.
 *
 * Lookups made in the same tick are coalesced: a microtask sends them as one batch per market and
 * kind, variants or products (split into requests of at most DISCOUNT_BATCH_MAX_IDS distinct
 * ids), so a collection page of 48 cards, whose elements all render in one go (ReactElement),
 * makes one request, whether its cards know their variants (the knitfront theme) or only their
 * products (Dawn); a batch of one id uses the single lookup. A microtask rather than a 0 ms timer: after
 * DOMContentLoaded a timer waits behind the browser's layout and image work (70-90 ms with 48
 * cards in Chromium), a microtask does not.
 *
 * A confirming lookup goes out once the next frame is painted instead (at once in a task while the
 * page is hidden and paints nothing), batched all the same with the lookups of its tick, and with
 * any lookup that is needed now, which sends them all: its request is not built in the frame that
 * shows the price it confirms (on a variant change at 4× CPU, 8-11 ms before that frame could
 * paint).
 *
 * A failed lookup is logged and resolves to 0, so the price shows undiscounted. The promise
 * rejects only when `signal` aborts: an aborted lookup that has not gone out yet leaves the
 * batch; a request already sent is cancelled once every lookup it answers has aborted, and runs on
 * for the others until then.
 */
export function lookupDiscount(
  request: DiscountRequest,
  signal: AbortSignal,
  { confirming = false }: LookupOptions = {},
): Promise<number> {
  const { market, variantId, productId } = request;
  const id = variantId || productId || '';
  if (!MARKET.test(market) || !ID.test(id)) {
    console.error(MESSAGES.discountLookupInvalid(market, id));
    return Promise.resolve(0);
  }
  const key: BatchKey = { market: market.toUpperCase(), kind: variantId ? 'variants' : 'products' };
  return queue(key, id, signal, confirming);
}

function queue(
  key: BatchKey,
  id: string,
  signal: AbortSignal,
  confirming: boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const name = `${key.market} ${key.kind}`;
    const batch = queued.get(name) ?? { key, waiters: new Set<Waiter>() };
    const { waiters } = batch;
    const waiter: Waiter = {
      id,
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
    queued.set(name, batch);
    scheduleFlush(confirming);
  });
}

function scheduleFlush(confirming: boolean) {
  if (flushQueued === 'microtask' || (flushQueued === 'paint' && confirming)) return;
  flushQueued = confirming ? 'paint' : 'microtask';
  if (!confirming) queueMicrotask(flush);
  else if (document.hidden) setTimeout(flush, 0);
  // A timer set in a frame's requestAnimationFrame callback runs once that frame is rendered.
  else requestAnimationFrame(() => setTimeout(flush, 0));
}

function flush() {
  flushQueued = null;
  for (const [name, { key, waiters }] of queued) {
    queued.delete(name);
    const byId = new Map<string, Waiter[]>();
    for (const waiter of waiters) {
      const same = byId.get(waiter.id);
      if (same) same.push(waiter);
      else byId.set(waiter.id, [waiter]);
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
      fetchDiscounts(key, chunk, controller.signal)
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
  { market, kind }: BatchKey,
  ids: string[],
  signal: AbortSignal,
): Promise<Record<string, DiscountAnswer | undefined>> {
  const [only] = ids;
  if (ids.length > 1 || !only) return getDiscounts(market, kind, ids, signal);
  const single = kind === 'variants' ? getVariantDiscount : getProductDiscount;
  return { [only]: await single(market, only, signal) };
}

/** The amount of an answer; anything but a positive number means no discount. */
function amountOff(answer: DiscountAnswer | undefined): number {
  const amount = answer?.amount;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : 0;
}
