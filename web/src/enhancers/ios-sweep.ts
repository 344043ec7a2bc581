import { STORAGE_KEYS, SWEEP_VERSION } from '../constants';

/**
 * The storage and cookie sweep for iOS Safari: when the sweep version stored under
 * storage_cleared_at is not the current one, everything the page keeps in local and session
 * storage (but the marker) and every cookie it can reach is cleared, the marker is set, and the
 * page reloads once.
 *
 * Never a reload loop: the page reloads only once the marker reads back as set, in local storage
 * and in session storage (so a tab whose local storage does not last, as in some private modes,
 * still sees that it swept). When only one of them keeps the marker, the sweep clears what it can
 * and goes on without reloading. When neither does, it does nothing: the next page could not tell
 * that it swept, and sweeping on every page would empty the cart (its cookie) on every page.
 */

/** What the sweep reads and changes of the browser, so that tests can stand in for it. */
export interface SweepEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  local: () => Storage;
  session: () => Storage;
  hostname: string;
  pathname: string;
  /** document.cookie, read and written. */
  cookie: { get(): string; set(value: string): void };
  reload(): void;
}

/**
 * Safari on an iPhone, iPod or iPad, including an iPad in desktop mode, which presents itself as a
 * Mac with a touch screen. Other browsers on iOS (Chrome, Firefox, Edge) name themselves.
 */
export function isIOSSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  const iOS =
    /iPhone|iPad|iPod/.test(userAgent) ||
    (platform === 'MacIntel' && maxTouchPoints > 1 && /Macintosh/.test(userAgent));
  return iOS && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

/** Every domain= a cookie of this host can have been set with: none, the host, its parents. */
function cookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  const domains = [''];
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    domains.push(`; domain=${domain}`, `; domain=.${domain}`);
  }
  return domains;
}

/** Every path= a cookie this page can see can have: '/' and each folder up to the page. */
function cookiePaths(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return ['/', ...parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'))];
}

/** Expires every cookie the page can read, under each path and domain it may have been set with. */
function clearCookies(env: SweepEnvironment): void {
  const names = new Set(
    env.cookie
      .get()
      .split(';')
      .map((pair) => pair.split('=')[0]!.trim())
      .filter(Boolean),
  );
  for (const name of names) {
    for (const path of cookiePaths(env.pathname)) {
      for (const domain of cookieDomains(env.hostname)) {
        env.cookie.set(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${domain}`);
      }
    }
  }
}

/** Sets the marker in a storage; true when it reads back as set. */
function setMarker(open: () => Storage): boolean {
  try {
    const storage = open();
    storage.setItem(STORAGE_KEYS.sweepVersion, SWEEP_VERSION);
    return storage.getItem(STORAGE_KEYS.sweepVersion) === SWEEP_VERSION;
  } catch {
    return false;
  }
}

/** Clears a storage but the marker, as far as it lets itself be cleared. */
function clearStorage(open: () => Storage): void {
  try {
    const storage = open();
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) {
      if (key !== null && key !== STORAGE_KEYS.sweepVersion) storage.removeItem(key);
    }
  } catch {
    // Storage that cannot be opened holds nothing to clear.
  }
}

function sweptVersion(open: () => Storage): string | null {
  try {
    return open().getItem(STORAGE_KEYS.sweepVersion);
  } catch {
    return null;
  }
}

/**
 * Runs the sweep when it is due. 'reloading' means the page is being loaded again and nothing
 * else should start; 'done' that the page goes on (swept or not).
 */
export function sweepIOSSafari(env: SweepEnvironment): 'reloading' | 'done' {
  if (!isIOSSafari(env.userAgent, env.platform, env.maxTouchPoints)) return 'done';
  if (sweptVersion(env.local) === SWEEP_VERSION || sweptVersion(env.session) === SWEEP_VERSION) {
    return 'done';
  }
  const localMarked = setMarker(env.local);
  const sessionMarked = setMarker(env.session);
  if (!localMarked && !sessionMarked) return 'done';
  clearStorage(env.local);
  clearStorage(env.session);
  clearCookies(env);
  if (!localMarked || !sessionMarked) return 'done';
  env.reload();
  return 'reloading';
}

/** The page's own browser. */
export function browserSweepEnvironment(): SweepEnvironment {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    local: () => window.localStorage,
    session: () => window.sessionStorage,
    hostname: window.location.hostname,
    pathname: window.location.pathname,
    cookie: {
      get: () => document.cookie,
      set: (value) => (document.cookie = value),
    },
    reload: () => window.location.reload(),
  };
}
