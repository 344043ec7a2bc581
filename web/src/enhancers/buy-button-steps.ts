import { BUY_BUTTON_STEPS, type BuyButtonStep } from '../constants';

/** The buy button enhancer's steps as they stand: each done or not. */
export type StepsDone = Record<BuyButtonStep, boolean>;

export interface BuyButtonSteps {
  /** Marks a step done; once every step is, onAllDone runs, once. */
  complete(step: BuyButtonStep): void;
  /** Which steps are done now. */
  done(): StepsDone;
}

/** The five steps the skeleton waits for: price, button, responsive, footer, payment options. */
export function createBuyButtonSteps(onAllDone: () => void): BuyButtonSteps {
  const done = Object.fromEntries(BUY_BUTTON_STEPS.map((step) => [step, false])) as StepsDone;
  let allDone = false;
  return {
    complete(step) {
      done[step] = true;
      if (allDone || !BUY_BUTTON_STEPS.every((name) => done[name])) return;
      allDone = true;
      onAllDone();
    },
    done: () => ({ ...done }),
  };
}
