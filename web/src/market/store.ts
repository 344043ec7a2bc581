import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { getCurrencyRates, type RatesAnswer } from '../api/knitfront';
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
   * The rates of each market currency that prices are converted with: absent until asked for,
   * 'loading' until they arrive, null when fetching failed or the server says they are stale (then
   * prices show in the market currency rather than in old conversions). Fetched at most once per
   * currency per visit; a failure is retried on the next page.
   */
  rates: Partial<Record<Currency, RateMap | null | 'loading'>>;
  /** What the answer said of each market currency's rates, once it arrived. */
  ratesDays: Partial<Record<Currency, RatesDay>>;
}

/** The day a currency's rates are of (2026-11-20, or null when not said), and whether stale. */
export interface RatesDay {
  date: string | null;
  stale: boolean;
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

/** The values kept in localStorage, each under its own key as a plain string. */
const PERSISTED = ['displayCurrency', 'marketCurrency', 'localization'] as const;

export interface MarketStoreOptions {
  storage?: SafeStorage;
  session?: SafeStorage;
  fetchRates?: (currency: Currency) => Promise<RatesAnswer | null>;
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
    ratesDays: {},
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
      const keep = (answer: RatesAnswer | null | 'loading') =>
        set((state) => ({
          rates: { ...state.rates, [currency]: ratesToConvertWith(answer) },
          ratesDays:
            answer === null || answer === 'loading'
              ? state.ratesDays
              : { ...state.ratesDays, [currency]: { date: answer.date, stale: answer.stale } },
        }));
      const kept = readJSON(session.getItem(sessionKey));
      if (isRatesAnswer(kept)) {
        keep(kept);
        return;
      }
      keep('loading');
      void fetchRates(currency).then((answer) => {
        keep(answer);
        if (answer) session.setItem(sessionKey, JSON.stringify(answer));
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

/** The rates prices are converted with: none from an answer that failed or says they are stale. */
function ratesToConvertWith(answer: RatesAnswer | null | 'loading'): RateMap | null | 'loading' {
  if (answer === null || answer === 'loading') return answer;
  return answer.stale ? null : answer.rates;
}

function isRatesAnswer(value: unknown): value is RatesAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { rates, date, stale } = value as Record<string, unknown>;
  return (
    isRateMap(rates) && (date === null || typeof date === 'string') && typeof stale === 'boolean'
  );
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

/**
 * Whether the shopper sees prices in another currency than the one given, checkout's: then a
 * line charged at checkout takes its room.
 */
export function displayDiffersFrom(currency: string): boolean {
  const { displayCurrency } = marketStore.getState();
  return displayCurrency !== null && displayCurrency !== currency;
}

/** Reads the market store from a component, re-rendering when the selected part changes. */
export function useMarket<T>(selector: (state: MarketState & MarketActions) => T): T {
  return useStore(marketStore, selector);
}
