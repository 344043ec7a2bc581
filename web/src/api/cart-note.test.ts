import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_NOTE_DEBOUNCE_MS, EVENTS, MESSAGES } from '../constants';
import type { AjaxCart, CartUpdatedEvent } from './cart';
import { createNoteSaver } from './cart-note';

const cartWithNote = (note: string): AjaxCart => ({
  currency: 'EUR',
  items: [],
  original_total_price: 0,
  total_price: 0,
  total_discount: 0,
  item_count: 0,
  note,
});

/** A shop whose answers to each save wait until the test lets them go, one by one. */
function heldShop() {
  const calls: { note: string; answer: () => void; fail: () => void }[] = [];
  const save = vi.fn(
    (note: string) =>
      new Promise<AjaxCart>((resolve, reject) => {
        calls.push({
          note,
          answer: () => resolve(cartWithNote(note)),
          fail: () => reject(new Error('500 Internal Server Error')),
        });
      }),
  );
  return { save, calls };
}

let announced: { note: string | null | undefined; request: string | undefined }[];
const record = (event: Event) => {
  const { detail, cartRequest } = event as CartUpdatedEvent;
  announced.push({ note: detail?.note, request: cartRequest });
};
beforeEach(() => {
  vi.useFakeTimers();
  announced = [];
  document.addEventListener(EVENTS.cartUpdated, record);
});
afterEach(() => {
  document.removeEventListener(EVENTS.cartUpdated, record);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the cart note saver', () => {
  it('saves 500 ms after typing stops, the text as it is then', async () => {
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);

    for (const text of ['W', 'Wr', 'Wrap', 'Wrap it']) {
      saver.type(text);
      await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS - 1);
    }
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save.mock.calls).toEqual([['Wrap it']]);

    calls[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(announced).toEqual([{ note: 'Wrap it', request: '/cart/update.js' }]);
    expect(saver.unsaved()).toBeNull();
  });

  it('saves nothing when the text is what the shop has', async () => {
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);
    saver.type('Gift');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    calls[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);

    saver.type('Gifts');
    saver.type('Gift');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);

    expect(save).toHaveBeenCalledOnce();
  });

  it('holds text typed during a save until that save is over, then sends the latest', async () => {
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);

    saver.type('Wrap');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    saver.type('Wrap it');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    saver.type('Wrap it, please');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    // Two saves at once could reach the shop in either order: the second waits.
    expect(save.mock.calls).toEqual([['Wrap']]);
    expect(saver.unsaved()).toBe('Wrap it, please');

    calls[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.mock.calls).toEqual([['Wrap'], ['Wrap it, please']]);
    calls[1]!.answer();
    await vi.advanceTimersByTimeAsync(0);

    // The answer for the older text is not announced: newer text was waiting.
    expect(announced.map((a) => a.note)).toEqual(['Wrap it, please']);
    expect(saver.unsaved()).toBeNull();
  });

  it('announces a held answer when the text typed since is the saved one again', async () => {
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);
    saver.type('Wrap');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    saver.type('Wrap it');
    calls[0]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(announced).toEqual([]);

    saver.type('Wrap');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledOnce();
    expect(announced).toEqual([{ note: 'Wrap', request: '/cart/update.js' }]);
  });

  it('waits for typing to stop even when a save is over meanwhile', async () => {
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);
    saver.type('Wrap');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    saver.type('Wrap it');
    calls[0]!.answer();
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS - 1);
    expect(save).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(save.mock.calls.at(-1)).toEqual(['Wrap it']);
  });

  it('only logs a failure, and saves the next text typed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { save, calls } = heldShop();
    const saver = createNoteSaver(save);
    saver.type('Wrap');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    calls[0]!.fail();
    await vi.advanceTimersByTimeAsync(0);

    expect(logged).toHaveBeenCalledExactlyOnceWith(MESSAGES.cartNoteSaveFailed, expect.any(Error));
    expect(announced).toEqual([]);
    expect(saver.unsaved()).toBe('Wrap');

    saver.type('Wrap it');
    await vi.advanceTimersByTimeAsync(CART_NOTE_DEBOUNCE_MS);
    calls[1]!.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(announced.map((a) => a.note)).toEqual(['Wrap it']);
  });

  it('ends with the shop holding the text typed last, whatever the timing of typing and answers', async () => {
    // Each step types a text after a pause, and each save's answer takes its own time: answers
    // come back while typing goes on, later than newer typing, in any order against it.
    const step = fc.record({
      pause: fc.integer({ min: 0, max: 2 * CART_NOTE_DEBOUNCE_MS }),
      text: fc.string({ maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 3 * CART_NOTE_DEBOUNCE_MS }), { minLength: 1 }),
        async (steps, answerTimes) => {
          announced = [];
          let shopNote: string | null = null;
          let onTheirWay = 0;
          let mostAtOnce = 0;
          let saves = 0;
          const save = (note: string) => {
            onTheirWay++;
            mostAtOnce = Math.max(mostAtOnce, onTheirWay);
            const time = answerTimes[saves++ % answerTimes.length]!;
            return new Promise<AjaxCart>((resolve) =>
              setTimeout(() => {
                onTheirWay--;
                shopNote = note;
                resolve(cartWithNote(note));
              }, time),
            );
          };
          const saver = createNoteSaver(save);
          for (const { pause, text } of steps) {
            await vi.advanceTimersByTimeAsync(pause);
            saver.type(text);
          }
          await vi.advanceTimersByTimeAsync(100 * CART_NOTE_DEBOUNCE_MS);

          const last = steps.at(-1)!.text;
          expect(mostAtOnce).toBe(1);
          expect(shopNote).toBe(last);
          expect(saver.unsaved()).toBeNull();
          expect(announced.at(-1)?.note).toBe(last);
        },
      ),
      { numRuns: 60 },
    );
  });
});
