import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { marketStore, type MarketState } from '../market/store';

/** Puts HTML in the page and lets the elements in it render, as the browser would before painting. */
export async function mount(html: string): Promise<void> {
  await act(async () => {
    document.body.innerHTML = html;
  });
}

/** Runs a change to the page or the store and lets the elements render what follows. */
export async function change(run: () => void): Promise<void> {
  await act(async () => {
    run();
  });
}

/** Sets the market store for a test; each test starts from an empty page and storage. */
export function setMarket(state: Partial<MarketState>): void {
  marketStore.setState({
    displayCurrency: null,
    marketCurrency: null,
    localization: null,
    rates: {},
    ratesDays: {},
    ...state,
  });
}

afterEach(async () => {
  await mount('');
  localStorage.clear();
  sessionStorage.clear();
});
