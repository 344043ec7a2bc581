import { useEffect, useState } from 'react';

/** The attributes of preorder-strip, by the spec's names. */
export interface PreorderStripProps {
  handle?: string | null;
  variantId?: string | null;
  message?: string | null;
}

/**
 * The message of a variant whose message attribute is absent: its preordercontent metafield,
 * through the Storefront product query; undefined while it is on its way. A lookup that a change
 * of variant or an unmount makes stale is dropped. The Storefront client loads only then: a theme
 * that gives the message (as ours does) never pays for it.
 */
function useFetchedMessage(handle: string | null, variantId: string | null) {
  const key = handle && variantId ? `${handle} ${variantId}` : null;
  const [fetched, setFetched] = useState<{ key: string; message: string | null } | null>(null);

  useEffect(() => {
    if (!key || !handle || !variantId) return;
    let current = true;
    void import('../api/storefront')
      .then(({ getPreorderContent }) => getPreorderContent(handle, variantId))
      .then((message) => {
        if (current) setFetched({ key, message });
      });
    return () => {
      current = false;
    };
  }, [key, handle, variantId]);

  return fetched?.key === key ? fetched.message : undefined;
}

/**
 * The pre-order message strip: shown only when a message exists, from the
 * message attribute or, when the theme gives none, from the variant's preordercontent metafield.
 * It flies in; on small screens it is fixed at the bottom of the screen.
 */
export function PreorderStrip({
  handle = null,
  variantId = null,
  message = null,
}: PreorderStripProps) {
  const fetched = useFetchedMessage(message === null ? handle : null, variantId);
  const shown = (message ?? fetched ?? '').trim();
  if (!shown) return null;
  return (
    <p className="kf-preorder-strip" role="status">
      {shown}
    </p>
  );
}
