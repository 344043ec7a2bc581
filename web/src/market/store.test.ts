import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CURRENCY, RATES_SESSION_KEY_PREFIX, STORAGE_KEYS } from '../constants';
import type { RatesAnswer } from '../api/knitfront';
import { memoryStorage } from '../test/memory-storage';
import { createMarketStore } from './store';

const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };
const AUD_RATES = { EUR: 0.61, AUD: 1, GBP: 0.52, USD: 0.65 };
const answer = (rates: RatesAnswer['rates'], stale = false): RatesAnswer => ({
  rates,
  date: '2026-11-20',
  stale,
});

function setup({
  stored = {},
  session = memoryStorage(),
  fetchRates = vi.fn(async (currency: string): Promise<RatesAnswer | null> =>
    answer(currency === 'AUD' ? AUD_RATES : EUR_RATES),
  ),
}: {
  stored?: Record<string, string>;
  session?: ReturnType<typeof memoryStorage>;
  fetchRates?: (currency: string) => Promise<RatesAnswer | null>;
} = {}) {
  const storage = memoryStorage(stored);
  const store = createMarketStore({ storage, session, fetchRates });
  return { store, storage, session, fetchRates };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('market store persistence', () => {
  it('reads each value from its own localStorage key', () => {
    const { store } = setup({
      stored: { displayCurrency: 'USD', marketCurrency: 'GBP', localization: 'GB' },
    });

    expect(store.getState()).toMatchObject({
      displayCurrency: 'USD',
      marketCurrency: 'GBP',
      localization: 'GB',
    });
  });

  it('starts unknown when nothing is stored', () => {
    const { store } = setup();

    expect(store.getState()).toMatchObject({
      displayCurrency: null,
      marketCurrency: null,
      localization: null,
    });
  });

  it('writes each value under its own key as a plain string', () => {
    const { store, storage } = setup();

    store.getState().setCountry('AU');
    store.getState().setDisplayCurrency('GBP');

    expect(Object.fromEntries(storage.contents)).toEqual({
      [STORAGE_KEYS.displayCurrency]: 'GBP',
      [STORAGE_KEYS.marketCurrency]: 'AUD',
      [STORAGE_KEYS.localization]: 'AU',
    });
  });

  it(`resets a stored currency outside the list to ${DEFAULT_CURRENCY}, and stores that`, () => {
    const { store, storage } = setup({ stored: { displayCurrency: 'CHF', marketCurrency: 'JPY' } });

    expect(store.getState().displayCurrency).toBe(DEFAULT_CURRENCY);
    expect(store.getState().marketCurrency).toBe(DEFAULT_CURRENCY);
    expect(storage.contents.get('displayCurrency')).toBe(DEFAULT_CURRENCY);
  });

  it('drops a stored localization that is not a country code', () => {
    const { store, storage } = setup({ stored: { localization: 'Lithuania' } });

    expect(store.getState().localization).toBeNull();
    expect(storage.contents.has('localization')).toBe(false);
  });
});

describe('market store actions', () => {
  it(`resets a display currency outside the list to ${DEFAULT_CURRENCY}`, () => {
    const { store } = setup({ stored: { displayCurrency: 'USD' } });

    store.getState().setDisplayCurrency('CHF');

    expect(store.getState().displayCurrency).toBe(DEFAULT_CURRENCY);
  });

  const countries = [
    { country: 'LT', currency: 'EUR' },
    { country: 'au', currency: 'AUD' },
    { country: 'GB', currency: 'GBP' },
    { country: 'US', currency: 'USD' },
    { country: 'DE', currency: 'EUR' },
  ];
  for (const { country, currency } of countries) {
    it(`sets the market ${country.toUpperCase()} with both currencies ${currency}`, () => {
      const { store } = setup();

      store.getState().setCountry(country);

      expect(store.getState()).toMatchObject({
        localization: country.toUpperCase(),
        marketCurrency: currency,
        displayCurrency: currency,
      });
    });
  }

  it('ignores a country that is not a country code', () => {
    const { store } = setup({ stored: { localization: 'GB' } });

    store.getState().setCountry('Great Britain');

    expect(store.getState().localization).toBe('GB');
  });
});

describe('market store rates', () => {
  it('fetches the rates when the market currency changes, and keeps them', async () => {
    const { store, fetchRates } = setup();

    store.getState().setCountry('AU');

    expect(fetchRates).toHaveBeenCalledWith('AUD');
    await vi.waitFor(() => expect(store.getState().rates.AUD).toEqual(AUD_RATES));
    expect(store.getState().ratesDays.AUD).toEqual({ date: '2026-11-20', stale: false });
  });

  it('converts with no rates when the server says they are stale, and keeps their day', async () => {
    const { store } = setup({
      stored: { marketCurrency: 'EUR' },
      fetchRates: async () => answer(EUR_RATES, true),
    });

    store.getState().loadRates();

    await vi.waitFor(() => expect(store.getState().rates).toEqual({ EUR: null }));
    expect(store.getState().ratesDays.EUR).toEqual({ date: '2026-11-20', stale: true });
  });

  it('fetches the rates of each currency at most once per visit', async () => {
    const { store, fetchRates } = setup();

    store.getState().setCountry('AU');
    store.getState().setCountry('LT');
    store.getState().setCountry('AU');
    store.getState().loadRates();
    await vi.waitFor(() => expect(store.getState().rates.EUR).toBeDefined());

    expect(vi.mocked(fetchRates).mock.calls).toEqual([['AUD'], ['EUR']]);
  });

  it('does not fetch when the display currency changes', () => {
    const { store, fetchRates } = setup({ stored: { marketCurrency: 'EUR' } });

    store.getState().setDisplayCurrency('USD');

    expect(fetchRates).not.toHaveBeenCalled();
  });

  it('takes the rates this visit fetched already from sessionStorage, at once', () => {
    const session = memoryStorage({
      [`${RATES_SESSION_KEY_PREFIX}EUR`]: JSON.stringify(answer(EUR_RATES)),
    });
    const { store, fetchRates } = setup({ stored: { marketCurrency: 'EUR' }, session });

    store.getState().loadRates();

    expect(store.getState().rates.EUR).toEqual(EUR_RATES);
    expect(fetchRates).not.toHaveBeenCalled();
  });

  it('keeps fetched rates in sessionStorage for the next page', async () => {
    const { store, session } = setup({ stored: { marketCurrency: 'EUR' } });

    store.getState().loadRates();

    await vi.waitFor(() =>
      expect(session.contents.get(`${RATES_SESSION_KEY_PREFIX}EUR`)).toBe(
        JSON.stringify(answer(EUR_RATES)),
      ),
    );
  });

  for (const { name, kept } of [
    { name: 'not a rate map', kept: '{"rates": {"USD": "lots"}, "date": null, "stale": false}' },
    { name: 'a bare rate map, as earlier versions kept', kept: JSON.stringify(EUR_RATES) },
  ]) {
    it(`fetches again when what sessionStorage holds is ${name}`, () => {
      const session = memoryStorage({ [`${RATES_SESSION_KEY_PREFIX}EUR`]: kept });
      const { store, fetchRates } = setup({ stored: { marketCurrency: 'EUR' }, session });

      store.getState().loadRates();

      expect(fetchRates).toHaveBeenCalledWith('EUR');
    });
  }

  it('records a failure as null and keeps nothing for the next page', async () => {
    const { store, session } = setup({
      stored: { marketCurrency: 'EUR' },
      fetchRates: async () => null,
    });

    store.getState().loadRates();

    await vi.waitFor(() => expect(store.getState().rates).toEqual({ EUR: null }));
    expect(session.contents.size).toBe(0);
  });

  it('fetches nothing while the market currency is unknown', () => {
    const { store, fetchRates } = setup();

    store.getState().loadRates();

    expect(fetchRates).not.toHaveBeenCalled();
  });
});
