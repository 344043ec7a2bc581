import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_NOTE_DEBOUNCE_MS, MESSAGES } from '../constants';
import { mount } from '../test/elements';
import { ORIGIN, server } from '../test/server';
import { CartNoteElement } from './cart-note';
import { defineElement } from './define';

defineElement('cart-note', CartNoteElement);

const BOX = `<cart-note note="Gift wrap" form_id="CartDrawer-Form" field_id="CartDrawer-Note"
  label="Order note"><textarea name="note">Gift wrap</textarea></cart-note>`;
const field = () => document.querySelector<HTMLTextAreaElement>('cart-note textarea')!;

let saved: unknown[];
beforeEach(() => {
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
});

describe('cart-note', () => {
  it("is a note field of the cart form with the spec's placeholder and the cart's note", async () => {
    await mount(BOX);

    expect(field().placeholder).toBe(MESSAGES.cartNotePlaceholder);
    expect(field().value).toBe('Gift wrap');
    expect(field().name).toBe('note');
    expect(field().getAttribute('form')).toBe('CartDrawer-Form');
    expect(field().id).toBe('CartDrawer-Note');
    expect(document.querySelector('label[for="CartDrawer-Note"]')?.textContent).toBe('Order note');
  });

  it('saves the note with /cart/update.js 500 ms after typing stops', async () => {
    await mount(BOX);

    fireEvent.change(field(), { target: { value: 'Gift wrap, please' } });
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS - 1);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    await vi.waitFor(() => expect(saved).toEqual([{ note: 'Gift wrap, please' }]));
  });

  it('keeps unsaved text when the theme renders the box again', async () => {
    await mount(BOX);
    fireEvent.change(field(), { target: { value: 'Deliver on Friday' } });

    await mount(BOX);

    expect(field().value).toBe('Deliver on Friday');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(saved).toEqual([{ note: 'Deliver on Friday' }]));
  });
});
