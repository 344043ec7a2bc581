import { noteSaver } from '../../api/cart-note';

/**
 * Dawn's <cart-note> (the cart page's and the drawer's, shown with the theme setting 'Enable cart
 * note'), with Dawn's own label and textarea as they are: the note is saved by knitfront's note
 * saver, 500 ms after typing stops, where Dawn's own element saves after 300 ms. The bundle
 * defines the element before Dawn's cart scripts run, and Dawn defines its own only when no
 * element of the name exists. A box Dawn renders again (the drawer after a cart change) shows the
 * text still waiting to be saved rather than the older note the shop rendered.
 */
export class DawnCartNoteElement extends HTMLElement {
  #onInput = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) noteSaver.type(event.target.value);
  };

  connectedCallback() {
    this.addEventListener('input', this.#onInput);
    const unsaved = noteSaver.unsaved();
    const field = this.querySelector('textarea');
    if (field && unsaved !== null) field.value = unsaved;
  }

  disconnectedCallback() {
    this.removeEventListener('input', this.#onInput);
  }
}
