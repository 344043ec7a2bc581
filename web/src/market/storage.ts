/**
 * Web storage that never throws: Safari in private mode and browsers that block site data throw
 * on access, and a shopper there should still see prices, just without memory between pages.
 */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function safeStorage(open: () => Storage): SafeStorage {
  const attempt = <T>(access: (storage: Storage) => T, otherwise: T): T => {
    try {
      return access(open());
    } catch {
      return otherwise;
    }
  };
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), null),
    setItem: (key, value) => attempt((storage) => storage.setItem(key, value), undefined),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}
