import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CURRENCY, STORAGE_KEYS, SWEEP_VERSION } from './constants';
import type * as Sweep from './enhancers/ios-sweep';
import './test/api';

/** The elements registered as the bundle starts. */
const AT_ONCE = [
  'product-price',
  'discount-badge',
  'currency-switcher',
  'knitters-page',
  'colour-picker',
  'size-picker',
  'preorder-strip',
];
/** The cart drawer's elements, registered when the page first has one. */
const ON_DEMAND = ['cart-note', 'cart-recommendation-card'];
const ELEMENTS = [...AT_ONCE, ...ON_DEMAND, 'dev-panel'];
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

  it('runs the market rules, adds the stylesheet and registers the elements a page starts with', async () => {
    vi.resetModules();

    await import('./main');
    const { marketStore } = await import('./market/store');

    expect(marketStore.getState().marketCurrency).toBe(DEFAULT_CURRENCY);
    expect(document.querySelectorAll('style#knitfront-styles')).toHaveLength(1);
    expect(ELEMENTS.filter((name) => customElements.get(name))).toEqual(AT_ONCE);
    expect(document.documentElement.dataset.knitfront).toBe('loaded');
  });

  it('registers the cart drawer elements once the theme adds them, and no developer panel unasked', async () => {
    document.body.innerHTML = '<dev-panel></dev-panel>';
    const drawer = document.createElement('div');
    drawer.innerHTML = ON_DEMAND.map((name) => `<${name}></${name}>`).join('');

    document.body.append(drawer);

    await vi.waitFor(() =>
      expect(ON_DEMAND.filter((name) => customElements.get(name))).toEqual(ON_DEMAND),
    );
    expect(customElements.get('dev-panel')).toBeUndefined();
    document.body.replaceChildren();
  });
});
