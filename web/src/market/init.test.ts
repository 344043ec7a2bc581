import { describe, expect, it, vi } from 'vitest';
import { COOKIES, COUNTRY_PARAM, DEFAULT_CURRENCY } from '../constants';
import { memoryStorage } from '../test/memory-storage';
import { initMarket, type PageEnvironment } from './init';
import { createMarketStore } from './store';

function setup({
  url = 'https://shop.example/collections/hats',
  cookies = {},
  stored = {},
}: {
  url?: string;
  cookies?: Record<string, string>;
  stored?: Record<string, string>;
}) {
  const storage = memoryStorage(stored);
  const fetchRates = vi.fn(async () => ({ rates: { EUR: 1 }, date: null, stale: false }));
  const store = createMarketStore({ storage, session: memoryStorage(), fetchRates });
  const page = {
    url,
    cookie: (name: string) => cookies[name],
    replaceURL: vi.fn<PageEnvironment['replaceURL']>(),
    redirect: vi.fn<PageEnvironment['redirect']>(),
  };
  const outcome = initMarket(store, page);
  return { outcome, state: store.getState(), storage, page, fetchRates };
}

describe('initMarket: cookies', () => {
  it('takes both currencies and the localization from the cookies when no market currency is stored', () => {
    const { state, storage } = setup({
      cookies: { [COOKIES.cartCurrency]: 'GBP', [COOKIES.localization]: 'GB' },
    });

    expect(state).toMatchObject({
      marketCurrency: 'GBP',
      displayCurrency: 'GBP',
      localization: 'GB',
    });
    expect(storage.contents.get('marketCurrency')).toBe('GBP');
  });

  it('keeps the stored values when a market currency is stored', () => {
    const { state } = setup({
      cookies: { [COOKIES.cartCurrency]: 'GBP', [COOKIES.localization]: 'GB' },
      stored: { marketCurrency: 'USD', displayCurrency: 'EUR', localization: 'GB' },
    });

    expect(state).toMatchObject({ marketCurrency: 'USD', displayCurrency: 'EUR' });
  });

  it('ignores the localization cookie when there is no cart_currency cookie', () => {
    const { state } = setup({ cookies: { [COOKIES.localization]: 'AU' } });

    expect(state.localization).toBeNull();
  });

  it(`resets a cart_currency outside the list to ${DEFAULT_CURRENCY}`, () => {
    const { state } = setup({ cookies: { [COOKIES.cartCurrency]: 'CHF' } });

    expect(state).toMatchObject({
      marketCurrency: DEFAULT_CURRENCY,
      displayCurrency: DEFAULT_CURRENCY,
    });
  });
});

describe('initMarket: the country parameter', () => {
  it('sets both currencies and the localization, then leaves the address', () => {
    const { state, page, outcome } = setup({
      url: `https://shop.example/products/hat?variant=7&${COUNTRY_PARAM}=au#reviews`,
      stored: { marketCurrency: 'EUR', displayCurrency: 'GBP', localization: 'LT' },
      cookies: { [COOKIES.cartCurrency]: 'EUR', [COOKIES.localization]: 'LT' },
    });

    expect(outcome).toBe('ready');
    expect(state).toMatchObject({
      marketCurrency: 'AUD',
      displayCurrency: 'AUD',
      localization: 'AU',
    });
    expect(page.replaceURL).toHaveBeenCalledWith(
      'https://shop.example/products/hat?variant=7#reviews',
    );
    expect(page.redirect).not.toHaveBeenCalled();
  });

  it('overrides what the cookies give', () => {
    const { state } = setup({
      url: `https://shop.example/?${COUNTRY_PARAM}=US`,
      cookies: { [COOKIES.cartCurrency]: 'EUR', [COOKIES.localization]: 'LT' },
    });

    expect(state).toMatchObject({
      marketCurrency: 'USD',
      displayCurrency: 'USD',
      localization: 'US',
    });
  });

  it('is removed and ignored when it is not a country code', () => {
    const { state, page } = setup({
      url: `https://shop.example/?${COUNTRY_PARAM}=<script>`,
      stored: { marketCurrency: 'GBP', localization: 'GB' },
    });

    expect(state).toMatchObject({ marketCurrency: 'GBP', localization: 'GB' });
    expect(page.replaceURL).toHaveBeenCalledWith('https://shop.example/');
  });

  it('leaves the address alone when absent', () => {
    const { page } = setup({});

    expect(page.replaceURL).not.toHaveBeenCalled();
  });
});

describe('initMarket: the localization redirect', () => {
  it('redirects with country set to the stored localization when the cookie differs', () => {
    const { outcome, page } = setup({
      url: 'https://shop.example/products/hat?variant=7',
      stored: { marketCurrency: 'AUD', localization: 'AU' },
      cookies: { [COOKIES.cartCurrency]: 'EUR', [COOKIES.localization]: 'LT' },
    });

    expect(outcome).toBe('redirecting');
    expect(page.redirect).toHaveBeenCalledWith(
      `https://shop.example/products/hat?variant=7&${COUNTRY_PARAM}=AU`,
    );
  });

  const noRedirect: { name: string; cookies: Record<string, string> }[] = [
    { name: 'the cookie agrees', cookies: { [COOKIES.localization]: 'AU' } },
    { name: 'there is no localization cookie', cookies: {} },
  ];
  for (const { name, cookies } of noRedirect) {
    it(`does not redirect when ${name}`, () => {
      const { outcome, page } = setup({
        stored: { marketCurrency: 'AUD', localization: 'AU' },
        cookies,
      });

      expect(outcome).toBe('ready');
      expect(page.redirect).not.toHaveBeenCalled();
    });
  }

  it('does not redirect when nothing is stored', () => {
    const { page } = setup({ cookies: { [COOKIES.localization]: 'LT' } });

    expect(page.redirect).not.toHaveBeenCalled();
  });
});

describe('initMarket: what is still unknown', () => {
  it(`falls back to ${DEFAULT_CURRENCY} for both currencies`, () => {
    const { state } = setup({});

    expect(state).toMatchObject({
      marketCurrency: DEFAULT_CURRENCY,
      displayCurrency: DEFAULT_CURRENCY,
    });
  });

  it("falls back to the stored localization's currency", () => {
    const { state } = setup({ stored: { localization: 'US' } });

    expect(state).toMatchObject({ marketCurrency: 'USD', displayCurrency: 'USD' });
  });

  it('shows prices in the market currency when no display currency is stored', () => {
    const { state } = setup({ stored: { marketCurrency: 'GBP' } });

    expect(state.displayCurrency).toBe('GBP');
  });

  it('fetches the rates of the market currency', () => {
    const { fetchRates } = setup({ stored: { marketCurrency: 'GBP', displayCurrency: 'GBP' } });

    expect(fetchRates).toHaveBeenCalledWith('GBP');
  });
});
