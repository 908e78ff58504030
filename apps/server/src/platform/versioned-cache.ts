/**
 * Answers kept per key with the version of the data they were computed from, answered again only for
 * the same version: the caller reads the current version first (one cheap statement), then asks. A
 * value computed after that read may be newer than its version, never older, so a hit is never stale.
 * Holds at most `maxEntries` keys, the least recently used going first; 0 keeps nothing.
 */
export type TVersionedCache<T> = {
  get: (key: string, version: string) => T | undefined;
  set: (key: string, version: string, value: T) => void;
  readonly size: number;
};

export const createVersionedCache = <T>(maxEntries: number): TVersionedCache<T> => {
  const entries = new Map<string, { version: string; value: T }>();
  return {
    get: (key, version) => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set: (key, version, value) => {
      if (maxEntries <= 0) return;
      entries.delete(key);
      entries.set(key, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
};
