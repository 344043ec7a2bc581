import { describe, expect, it, vi } from 'vitest';
import { BUY_BUTTON_STEPS, type BuyButtonStep } from '../constants';
import { createBuyButtonSteps } from './buy-button-steps';

describe('the buy button steps', () => {
  it('are the five of the spec, in its order', () => {
    expect(BUY_BUTTON_STEPS).toEqual(['price', 'button', 'responsive', 'footer', 'paymentOptions']);
  });

  it.each<{ name: string; completed: BuyButtonStep[]; allDone: number }>([
    { name: 'none done', completed: [], allDone: 0 },
    { name: 'four of five', completed: ['price', 'button', 'responsive', 'footer'], allDone: 0 },
    { name: 'the same step five times', completed: Array(5).fill('price'), allDone: 0 },
    { name: 'all five', completed: [...BUY_BUTTON_STEPS], allDone: 1 },
    { name: 'all five in another order', completed: [...BUY_BUTTON_STEPS].reverse(), allDone: 1 },
    {
      name: 'all five, then some again',
      completed: [...BUY_BUTTON_STEPS, 'price', 'footer'],
      allDone: 1,
    },
  ])('$name: all done $allDone time(s)', ({ completed, allDone }) => {
    const onAllDone = vi.fn();
    const steps = createBuyButtonSteps(onAllDone);
    completed.forEach((step) => steps.complete(step));
    expect(onAllDone).toHaveBeenCalledTimes(allDone);
    for (const step of BUY_BUTTON_STEPS) expect(steps.done()[step]).toBe(completed.includes(step));
  });
});
