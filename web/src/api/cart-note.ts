import { CART_NOTE_DEBOUNCE_MS, MESSAGES } from '../constants';
import { announceCart, CART_PATHS, postCart, type AjaxCart } from './cart';

/** Saves the cart note as the shopper types. */
export interface NoteSaver {
  /** The note now reads text: it is saved once typing has stopped. */
  type(text: string): void;
  /** The text last typed when the shop does not have it yet, else null. */
  unsaved(): string | null;
}

/**
 * The cart note saver: POST /cart/update.js with {note} 500 ms after typing stops;
 * a failure is only logged. The text typed last always wins: one save is on its way at a time, so
 * the shop can never take an older text after a newer one, and text typed meanwhile is saved as
 * soon as that save is over. Each saved note is announced with the cart (knitfront:cart-updated),
 * unless newer text is already waiting; when that newer text turns out to be the saved one again,
 * the held cart is announced then, so the last cart announced always carries the shop's note.
 */
export function createNoteSaver(
  save: (note: string) => Promise<AjaxCart> = (note) => postCart(CART_PATHS.update, { note }),
): NoteSaver {
  let typed: string | null = null;
  let saved: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = false;
  let unannounced: AjaxCart | null = null;

  function announceSaved() {
    if (unannounced) announceCart(unannounced, CART_PATHS.update);
    unannounced = null;
  }

  async function flush() {
    timer = undefined;
    if (saving || typed === null) return;
    if (typed === saved) {
      announceSaved();
      return;
    }
    const text = typed;
    saving = true;
    try {
      unannounced = await save(text);
      saved = text;
      if (typed === text) announceSaved();
    } catch (error) {
      console.error(MESSAGES.cartNoteSaveFailed, error);
    } finally {
      saving = false;
    }
    // Text typed while this save was on its way, whose own wait is over already.
    if (typed !== text && timer === undefined) await flush();
  }

  return {
    type(text) {
      typed = text;
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), CART_NOTE_DEBOUNCE_MS);
    },
    unsaved: () => (typed !== null && typed !== saved ? typed : null),
  };
}

/** The page's note saver: every cart note box of the page edits the one note of the cart. */
export const noteSaver = createNoteSaver();
