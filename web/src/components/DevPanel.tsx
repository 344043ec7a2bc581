import { debugRequested } from '../config';
import { COOKIES, DEV_PANEL_LABEL, STORAGE_KEYS } from '../constants';
import { readCookie } from '../market/cookies';
import { useMarket } from '../market/store';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The developer panel: the cookies and stored values the market rules read, as they are now.
 * Shown only when asked for.
 */
export function DevPanel() {
  // Re-render on every change of the market state, which is what changes these values.
  useMarket((state) => state);
  if (!debugRequested()) return null;

  const rows: [string, string | null | undefined][] = [
    [`cookie ${COOKIES.cartCurrency}`, readCookie(COOKIES.cartCurrency)],
    [`cookie ${COOKIES.localization}`, readCookie(COOKIES.localization)],
    [`stored ${STORAGE_KEYS.displayCurrency}`, stored(STORAGE_KEYS.displayCurrency)],
    [`stored ${STORAGE_KEYS.marketCurrency}`, stored(STORAGE_KEYS.marketCurrency)],
    [`stored ${STORAGE_KEYS.localization}`, stored(STORAGE_KEYS.localization)],
  ];
  return (
    <aside className="kf-dev-panel" aria-label={DEV_PANEL_LABEL}>
      <h2>{DEV_PANEL_LABEL}</h2>
      <dl>
        {rows.map(([name, value]) => (
          <div key={name} data-name={name}>
            <dt>{name}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
