import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, SWEEP_VERSION } from '../constants';
import { isIOSSafari, sweepIOSSafari, type SweepEnvironment } from './ios-sweep';

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPodSafari:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.7 Mobile/15E148 Safari/604.1',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iPhoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
  iPhoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.56 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
};

describe('isIOSSafari', () => {
  const cases = [
    { name: 'Safari on an iPhone', ua: UA.iPhoneSafari, platform: 'iPhone', touch: 5, want: true },
    { name: 'Safari on an iPad', ua: UA.iPadSafari, platform: 'iPad', touch: 5, want: true },
    { name: 'Safari on an iPod', ua: UA.iPodSafari, platform: 'iPod', touch: 5, want: true },
    {
      name: 'Safari on an iPad in desktop mode (a Mac with touch points)',
      ua: UA.macSafari,
      platform: 'MacIntel',
      touch: 5,
      want: true,
    },
    { name: 'Safari on a Mac', ua: UA.macSafari, platform: 'MacIntel', touch: 0, want: false },
    { name: 'Chrome on an iPhone', ua: UA.iPhoneChrome, platform: 'iPhone', touch: 5, want: false },
    {
      name: 'Firefox on an iPhone',
      ua: UA.iPhoneFirefox,
      platform: 'iPhone',
      touch: 5,
      want: false,
    },
    { name: 'Edge on an iPhone', ua: UA.iPhoneEdge, platform: 'iPhone', touch: 5, want: false },
    { name: 'Chrome on Android', ua: UA.androidChrome, platform: 'Linux', touch: 5, want: false },
  ];
  for (const { name, ua, platform, touch, want } of cases) {
    it(name, () => {
      expect(isIOSSafari(ua, platform, touch)).toBe(want);
    });
  }
});

/** Web storage in memory; with readOnly, writes throw as in Safari's old private mode. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(
    initial: Record<string, string> = {},
    private readOnly = false,
  ) {
    this.items = new Map(Object.entries(initial));
  }
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.readOnly) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
  contents() {
    return Object.fromEntries(this.items);
  }
}

/**
 * A cookie jar keeping each cookie by name, path and domain (a host-only cookie apart from a
 * domain one, '.shop.com' the same as 'shop.com'), as a browser does; the page sees all of them.
 */
function cookieJar(cookies: { name: string; path: string; domain?: string }[]) {
  const key = (name: string, path: string, domain?: string) =>
    `${name}|${path}|${domain?.replace(/^\./, '') ?? 'host-only'}`;
  const jar = new Map(cookies.map((c) => [key(c.name, c.path, c.domain), c.name]));
  return {
    jar,
    get: () => [...jar.values()].map((name) => `${name}=1`).join('; '),
    set: (text: string) => {
      const [pair, ...attributes] = text.split(';').map((part) => part.trim());
      const name = pair!.split('=')[0]!;
      const attribute = (wanted: string) =>
        attributes.find((a) => a.startsWith(wanted + '='))?.slice(wanted.length + 1);
      if (!attribute('expires')?.includes('1970')) throw new Error(`not a removal: ${text}`);
      jar.delete(key(name, attribute('path') ?? '/', attribute('domain')));
    },
  };
}

function environment(overrides: Partial<SweepEnvironment> = {}) {
  const local = new MemoryStorage({
    displayCurrency: 'GBP',
    marketCurrency: 'GBP',
    localization: 'GB',
    [STORAGE_KEYS.sweepVersion]: '2024-01-01',
  });
  const session = new MemoryStorage({ 'knitfront:rates:GBP': '{}' });
  const cookies = cookieJar([
    { name: 'cart', path: '/' },
    { name: 'localization', path: '/', domain: '.knits.example.com' },
    { name: 'cart_currency', path: '/', domain: 'example.com' },
    { name: 'recently_viewed', path: '/products' },
    { name: 'size_hint', path: '/products/pebble-beanie', domain: 'knits.example.com' },
  ]);
  const env: SweepEnvironment = {
    userAgent: UA.iPhoneSafari,
    platform: 'iPhone',
    maxTouchPoints: 5,
    local: () => local,
    session: () => session,
    hostname: 'knits.example.com',
    pathname: '/products/pebble-beanie',
    cookie: cookies,
    reload: vi.fn(),
    ...overrides,
  };
  return { env, local, session, cookies };
}

describe('sweepIOSSafari', () => {
  it('clears storage but the marker and every cookie, sets the marker and reloads once', () => {
    const { env, local, session, cookies } = environment();

    expect(sweepIOSSafari(env)).toBe('reloading');

    expect(local.contents()).toEqual({ [STORAGE_KEYS.sweepVersion]: SWEEP_VERSION });
    expect(session.contents()).toEqual({ [STORAGE_KEYS.sweepVersion]: SWEEP_VERSION });
    expect([...cookies.jar.keys()]).toEqual([]);
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('does nothing once the version is stored: the reloaded page goes on', () => {
    const { env, local } = environment();
    sweepIOSSafari(env);
    local.setItem('displayCurrency', 'USD');

    expect(sweepIOSSafari(env)).toBe('done');

    expect(local.getItem('displayCurrency')).toBe('USD');
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('sweeps once more for a new version', () => {
    const { env, local } = environment();
    local.setItem(STORAGE_KEYS.sweepVersion, '2025-05-23-v1');

    expect(sweepIOSSafari(env)).toBe('reloading');
    expect(local.getItem(STORAGE_KEYS.sweepVersion)).toBe(SWEEP_VERSION);
  });

  it('never reloads again in a tab whose local storage does not last', () => {
    const { env, session } = environment();
    sweepIOSSafari(env);
    // The reloaded page finds local storage empty, but the tab's session storage remembers.
    const reloaded = { ...env, local: () => new MemoryStorage() };

    expect(sweepIOSSafari(reloaded)).toBe('done');
    expect(session.getItem(STORAGE_KEYS.sweepVersion)).toBe(SWEEP_VERSION);
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('clears but never reloads when storage cannot be written (private mode)', () => {
    const local = new MemoryStorage({ displayCurrency: 'GBP' }, true);
    const { env, cookies } = environment({ local: () => local });

    for (let load = 0; load < 3; load++) expect(sweepIOSSafari(env)).toBe('done');

    expect(local.contents()).toEqual({});
    expect([...cookies.jar.keys()]).toEqual([]);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('sweeps nothing when neither storage keeps the marker, however often the page loads', () => {
    const local = new MemoryStorage({ displayCurrency: 'GBP' }, true);
    const session = new MemoryStorage({ something: 'kept' }, true);
    const { env, cookies } = environment({ local: () => local, session: () => session });
    const before = [...cookies.jar.keys()];

    for (let load = 0; load < 3; load++) expect(sweepIOSSafari(env)).toBe('done');

    expect(local.contents()).toEqual({ displayCurrency: 'GBP' });
    expect(session.contents()).toEqual({ something: 'kept' });
    expect([...cookies.jar.keys()]).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('never reloads when storage cannot be opened at all', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const { env } = environment({ local: blocked, session: blocked });

    expect(sweepIOSSafari(env)).toBe('done');
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('leaves other browsers alone', () => {
    const { env, local } = environment({ userAgent: UA.iPhoneChrome });

    expect(sweepIOSSafari(env)).toBe('done');

    expect(local.getItem('displayCurrency')).toBe('GBP');
    expect(env.reload).not.toHaveBeenCalled();
  });
});
