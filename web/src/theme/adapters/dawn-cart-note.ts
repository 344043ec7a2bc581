import { noteSaver } from '../../api/cart-note';

/** The textarea of Dawn's <cart-note> (the cart page's and the drawer's). */
const NOTE_FIELD = 'cart-note textarea';

/**
 * Dawn's <cart-note> boxes (shown with the theme setting 'Enable cart note'), with Dawn's own
 * label and textarea as they are: the note is saved by knitfront's note saver, 500 ms after typing
 * stops, where Dawn's own element saves after 300 ms. The bundle runs after Dawn's scripts have
 * defined their element, so the typing is heard on the document, in the capture phase, and goes
 * no further: Dawn's element never hears it. A box Dawn renders again (the drawer after a cart
 * change) shows the text still waiting to be saved rather than the older note the shop rendered.
 */
export function startDawnCartNote(): void {
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (!(field instanceof HTMLTextAreaElement) || !field.matches(NOTE_FIELD)) return;
      event.stopPropagation();
      noteSaver.type(field.value);
    },
    { capture: true },
  );
  new MutationObserver(() => {
    const unsaved = noteSaver.unsaved();
    if (unsaved === null) return;
    for (const field of document.querySelectorAll<HTMLTextAreaElement>(NOTE_FIELD)) {
      if (field.value !== unsaved) field.value = unsaved;
    }
  }).observe(document.body, { childList: true, subtree: true });
}
