import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CURRENCY, STORAGE_KEYS, SWEEP_VERSION } from './constants';
import type * as Sweep from './enhancers/ios-sweep';
import './test/api';

const ELEMENTS = [
  'product-price',
  'discount-badge',
  'currency-switcher',
  'dev-panel',
  'knitters-page',
  'colour-picker',
  'size-picker',
  'cart-note',
  'cart-recommendation-card',
];
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

// In this order: the custom element registry lasts as long as the test file's window.
describe('the bundle entry', () => {
  it('sweeps storage on iOS Safari before the market store reads it, and starts nothing while reloading', async () => {
    vi.resetModules();
    localStorage.setItem(STORAGE_KEYS.displayCurrency, 'GBP');
    const reload = vi.fn();
    vi.doMock('./enhancers/ios-sweep', async (importOriginal) => {
      const sweep = await importOriginal<typeof Sweep>();
      return {
        ...sweep,
        browserSweepEnvironment: () => ({
          ...sweep.browserSweepEnvironment(),
          userAgent: IPHONE_SAFARI,
          reload,
        }),
      };
    });

    await import('./main');
    const { marketStore } = await import('./market/store');

    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.sweepVersion)).toBe(SWEEP_VERSION);
    expect(marketStore.getState().displayCurrency).toBeNull();
    expect(ELEMENTS.filter((name) => customElements.get(name))).toEqual([]);
    vi.doUnmock('./enhancers/ios-sweep');
    localStorage.clear();
    sessionStorage.clear();
  });

  it('starts nothing on a page the localization redirect is replacing', async () => {
    vi.resetModules();
    vi.doMock('./market/init', () => ({ initMarket: () => 'redirecting' }));

    await import('./main');

    expect(ELEMENTS.filter((name) => customElements.get(name))).toEqual([]);
    expect(document.getElementById('knitfront-styles')).toBeNull();
    vi.doUnmock('./market/init');
  });

  it('runs the market rules, adds the stylesheet and registers every element', async () => {
    vi.resetModules();

    await import('./main');
    const { marketStore } = await import('./market/store');

    expect(marketStore.getState().marketCurrency).toBe(DEFAULT_CURRENCY);
    expect(document.querySelectorAll('style#knitfront-styles')).toHaveLength(1);
    expect(ELEMENTS.filter((name) => customElements.get(name))).toEqual(ELEMENTS);
    expect(document.documentElement.dataset.knitfront).toBe('loaded');
  });
});
