import type { SafeStorage } from '../market/storage';

/** An in-memory stand-in for localStorage or sessionStorage whose contents a test can read. */
export function memoryStorage(initial: Record<string, string> = {}): SafeStorage & {
  contents: Map<string, string>;
} {
  const contents = new Map(Object.entries(initial));
  return {
    contents,
    getItem: (key) => contents.get(key) ?? null,
    setItem: (key, value) => void contents.set(key, value),
    removeItem: (key) => void contents.delete(key),
  };
}
