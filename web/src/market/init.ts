import { COOKIES, COUNTRY_PARAM, DEFAULT_CURRENCY } from '../constants';
import { readCookie } from './cookies';
import { currencyOfCountry, toCountry, toCurrency } from './currency';
import { marketStore, type MarketStore } from './store';

/** What the market rules read and change of the page, so that tests can stand in for it. */
export interface PageEnvironment {
  url: string;
  cookie(name: string): string | undefined;
  /** Changes the address without loading a page. */
  replaceURL(url: string): void;
  /** Loads another page in place of this one. */
  redirect(url: string): void;
}

const browser: PageEnvironment = {
  get url() {
    return window.location.href;
  },
  cookie: (name) => readCookie(name),
  replaceURL: (url) => window.history.replaceState(window.history.state, '', url),
  redirect: (url) => window.location.replace(url),
};

/**
 * Applies the currency and market rules once, as the page loads:
 * - a cart_currency cookie with no market currency stored gives both currencies and the
 *   localization from the cookies;
 * - a country query parameter sets both currencies and the localization, and is then removed from
 *   the address;
 * - otherwise a stored localization that differs from the localization cookie redirects to the
 *   page with country set to the stored one (never on a page that carries the parameter, which
 *   would loop when the shop does not follow it);
 * - what is still unknown falls back to the localization's currency, then to EUR.
 * Returns 'redirecting' when the page is being replaced, and nothing else should start.
 */
export function initMarket(
  store: MarketStore = marketStore,
  page: PageEnvironment = browser,
): 'redirecting' | 'ready' {
  const cartCurrency = page.cookie(COOKIES.cartCurrency);
  const cookieLocalization = toCountry(page.cookie(COOKIES.localization));
  const state = store.getState();

  if (cartCurrency !== undefined && state.marketCurrency === null) {
    const currency = toCurrency(cartCurrency);
    store.setState({
      marketCurrency: currency,
      displayCurrency: currency,
      localization: cookieLocalization ?? state.localization,
    });
  }

  const url = new URL(page.url);
  if (url.searchParams.has(COUNTRY_PARAM)) {
    state.setCountry(url.searchParams.get(COUNTRY_PARAM) ?? '');
    url.searchParams.delete(COUNTRY_PARAM);
    page.replaceURL(url.href);
  } else {
    const stored = store.getState().localization;
    if (stored && cookieLocalization && stored !== cookieLocalization) {
      url.searchParams.set(COUNTRY_PARAM, stored);
      page.redirect(url.href);
      return 'redirecting';
    }
  }

  const { marketCurrency, displayCurrency, localization } = store.getState();
  const market =
    marketCurrency ?? (localization ? currencyOfCountry(localization) : DEFAULT_CURRENCY);
  store.setState({ marketCurrency: market, displayCurrency: displayCurrency ?? market });
  store.getState().loadRates();
  return 'ready';
}
