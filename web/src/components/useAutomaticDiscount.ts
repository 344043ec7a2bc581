import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { lookupDiscount, type DiscountRequest, type LookupOptions } from '../api/discounts';

/**
 * The automatic discount of a variant or product: the money off one unit, 0 for none (or when the
 * lookup failed), 'pending' while it is being looked up; no request means no lookup and 0. A
 * lookup that a change of request or an unmount makes stale is aborted. A confirming lookup (the
 * page shows the printed answer meanwhile) goes out once the page has painted (lookupDiscount).
 */
export function useAutomaticDiscount(
  request: DiscountRequest | null,
  { confirming = false }: LookupOptions = {},
): number | 'pending' {
  const market = request?.market ?? null;
  const variantId = request?.variantId ?? null;
  const productId = request?.productId ?? null;
  const key = market === null ? null : JSON.stringify([market, variantId, productId]);
  const [found, setFound] = useState<{ key: string; amountOff: number } | null>(null);

  useEffect(() => {
    if (key === null || market === null) return;
    const controller = new AbortController();
    lookupDiscount({ market, variantId, productId }, controller.signal, { confirming }).then(
      // Synchronously: the answers of one batch arrive together, and the prices they complete
      // show together, in one frame, rather than root by root between the browser's other work.
      (amountOff) => flushSync(() => setFound({ key, amountOff })),
      () => {}, // aborted: the next lookup answers
    );
    return () => controller.abort();
  }, [key, market, variantId, productId, confirming]);

  if (key === null) return 0;
  return found?.key === key ? found.amountOff : 'pending';
}
