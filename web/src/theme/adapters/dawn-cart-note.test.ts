import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_NOTE_DEBOUNCE_MS } from '../../constants';
import { ORIGIN, server } from '../../test/server';
import { startDawnCartNote } from './dawn-cart-note';

/** Dawn's own element, defined by its scripts before the bundle runs: it saves after 300 ms. */
const dawnSaves: string[] = [];
customElements.define(
  'cart-note',
  class extends HTMLElement {
    constructor() {
      super();
      this.addEventListener('input', (event) => {
        dawnSaves.push((event.target as HTMLTextAreaElement).value);
      });
    }
  },
);
startDawnCartNote();

/** Dawn's cart note of the cart page (sections/main-cart-footer.liquid). */
const DAWN_NOTE = `
  <cart-note class="cart__note field">
    <label for="Cart-note">Order special instructions</label>
    <textarea class="text-area field__input" name="note" form="cart" id="Cart-note"
      placeholder="Order special instructions">Gift wrap</textarea>
  </cart-note>`;
const field = () => document.querySelector<HTMLTextAreaElement>('#Cart-note')!;

/** Types text as a shopper does: the field's value, then the input event Dawn's box hears. */
function type(text: string) {
  field().value = text;
  field().dispatchEvent(new Event('input', { bubbles: true }));
}

let saved: unknown[];
beforeEach(() => {
  dawnSaves.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  saved = [];
  server.use(
    http.post(`${ORIGIN}/cart/update.js`, async ({ request }) => {
      const body = (await request.json()) as { note: string };
      saved.push(body);
      return HttpResponse.json({
        currency: 'EUR',
        items: [],
        original_total_price: 0,
        total_price: 0,
        total_discount: 0,
        item_count: 0,
        note: body.note,
      });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe("Dawn's cart note", () => {
  it("keeps Dawn's label and textarea", () => {
    document.body.innerHTML = DAWN_NOTE;
    expect(document.querySelector('label[for="Cart-note"]')?.textContent).toBe(
      'Order special instructions',
    );
    expect(field().value).toBe('Gift wrap');
    expect(field().getAttribute('form')).toBe('cart');
  });

  it('saves the note with /cart/update.js 500 ms after typing stops', async () => {
    document.body.innerHTML = DAWN_NOTE;
    type('Gift');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS - 100);
    type('Gift wrap, please');
    // Dawn's own box would have saved 300 ms after the first keystroke.
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS - 1);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(saved).toEqual([{ note: 'Gift wrap, please' }]));
    expect(dawnSaves).toEqual([]);
  });

  it('a box Dawn renders again shows the text still waiting to be saved', async () => {
    document.body.innerHTML = DAWN_NOTE;
    type('Leave by the door');
    // Dawn's drawer: the footer's HTML replaced after a cart change, with the shop's older note.
    document.body.innerHTML = DAWN_NOTE;
    await vi.waitFor(() => expect(field().value).toBe('Leave by the door'));
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(saved).toEqual([{ note: 'Leave by the door' }]));
  });

  it('leaves the typing in other fields to the page', async () => {
    document.body.innerHTML = `${DAWN_NOTE}<textarea id="Other"></textarea>`;
    const other = document.querySelector<HTMLTextAreaElement>('#Other')!;
    const heard: string[] = [];
    other.addEventListener('input', () => heard.push(other.value));
    other.value = 'Not a note';
    other.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    expect(heard).toEqual(['Not a note']);
    expect(saved).toEqual([]);
  });
});
