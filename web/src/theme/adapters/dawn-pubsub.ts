declare global {
  interface Window {
    /** Dawn's publish/subscribe channel (assets/pubsub.js): returns the function that unsubscribes. */
    subscribe?: (event: string, callback: (data: unknown) => void) => () => void;
  }
}
/** Dawn's names of its channel's messages (assets/constants.js), a global of its scripts. */
declare const PUB_SUB_EVENTS: Record<string, unknown> | undefined;

/**
 * Listens to a message of Dawn's publish/subscribe channel: cartUpdate after a cart change, with
 * the cart or the line added; variantChange after Dawn rendered its product section for another
 * variant, with the HTML it fetched. Returns the function that stops listening, or null on a page
 * without Dawn's channel.
 */
export function subscribeToDawn(
  message: 'cartUpdate' | 'variantChange',
  callback: (data: unknown) => void,
): (() => void) | null {
  if (typeof PUB_SUB_EVENTS !== 'object' || typeof window.subscribe !== 'function') return null;
  const name = PUB_SUB_EVENTS?.[message];
  return typeof name === 'string' ? window.subscribe(name, callback) : null;
}
