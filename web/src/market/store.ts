import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { getCurrencyRates } from '../api/knitfront';
import { RATES_SESSION_KEY_PREFIX, STORAGE_KEYS, type Currency } from '../constants';
import { isRateMap, type RateMap } from '../pricing/convert';
import { currencyOfCountry, toCountry, toCurrency } from './currency';
import { safeStorage, type SafeStorage } from './storage';

export interface MarketState {
  /** The currency prices are shown in. */
  displayCurrency: Currency | null;
  /** The currency of the shop's market, which the theme's price strings are in. */
  marketCurrency: Currency | null;
  /** The market's ISO country code. */
  localization: string | null;
  /**
   * The rates of each market currency: absent until asked for, 'loading' until they arrive, null
   * when fetching failed. Fetched at most once per currency per visit; a failure is retried on the
   * next page.
   */
  rates: Partial<Record<Currency, RateMap | null | 'loading'>>;
}

export interface MarketActions {
  /** Shows prices in a currency; one outside the list is reset to EUR. */
  setDisplayCurrency(currency: string): void;
  /** Sets the market (localization) by country, and both currencies to its currency. */
  setCountry(country: string): void;
  /**
   * Fetches the rates of a currency, by default the market currency, unless this visit has them or
   * asked for them already.
   */
  loadRates(currency?: Currency | null): void;
}

export type MarketStore = StoreApi<MarketState & MarketActions>;

/** The values kept in localStorage, each under its own key as a plain string (spec section 3). */
const PERSISTED = ['displayCurrency', 'marketCurrency', 'localization'] as const;

export interface MarketStoreOptions {
  storage?: SafeStorage;
  session?: SafeStorage;
  fetchRates?: (currency: Currency) => Promise<RateMap | null>;
}

/**
 * The market and currency state of the page, read from and written to localStorage under the
 * spec's keys. A change of market currency fetches its rates.
 */
export function createMarketStore({
  storage = safeStorage(() => window.localStorage),
  session = safeStorage(() => window.sessionStorage),
  fetchRates = getCurrencyRates,
}: MarketStoreOptions = {}): MarketStore {
  const storedCurrency = (key: string) => {
    const value = storage.getItem(key);
    return value === null ? null : toCurrency(value);
  };
  const store = createStore<MarketState & MarketActions>()((set, get) => ({
    displayCurrency: storedCurrency(STORAGE_KEYS.displayCurrency),
    marketCurrency: storedCurrency(STORAGE_KEYS.marketCurrency),
    localization: toCountry(storage.getItem(STORAGE_KEYS.localization)),
    rates: {},
    setDisplayCurrency: (currency) => set({ displayCurrency: toCurrency(currency) }),
    setCountry: (country) => {
      const localization = toCountry(country);
      if (!localization) return;
      const currency = currencyOfCountry(localization);
      set({ localization, marketCurrency: currency, displayCurrency: currency });
    },
    loadRates: (currency = get().marketCurrency) => {
      if (currency === null || get().rates[currency] !== undefined) return;
      const sessionKey = RATES_SESSION_KEY_PREFIX + currency;
      const keep = (rates: RateMap | null | 'loading') =>
        set((state) => ({ rates: { ...state.rates, [currency]: rates } }));
      const kept = readJSON(session.getItem(sessionKey));
      if (isRateMap(kept)) {
        keep(kept);
        return;
      }
      keep('loading');
      void fetchRates(currency).then((rates) => {
        keep(rates);
        if (rates) session.setItem(sessionKey, JSON.stringify(rates));
      });
    },
  }));

  const persist = (state: MarketState) => {
    for (const key of PERSISTED) {
      const value = state[key];
      if (storage.getItem(STORAGE_KEYS[key]) === value) continue;
      if (value === null) storage.removeItem(STORAGE_KEYS[key]);
      else storage.setItem(STORAGE_KEYS[key], value);
    }
  };

  persist(store.getState());
  store.subscribe((state, previous) => {
    persist(state);
    if (state.marketCurrency !== previous.marketCurrency) state.loadRates();
  });
  return store;
}

function readJSON(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** The page's market store. */
export const marketStore = createMarketStore();

/** Reads the market store from a component, re-rendering when the selected part changes. */
export function useMarket<T>(selector: (state: MarketState & MarketActions) => T): T {
  return useStore(marketStore, selector);
}
