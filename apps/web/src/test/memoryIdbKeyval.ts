// jsdom has no IndexedDB: an in-memory stand-in for the idb-keyval calls the offline queue makes.
// Use as `vi.mock('idb-keyval', () => import('…/test/memoryIdbKeyval.ts'))`; `memory` is the store to clear.
export const memory = new Map<string, unknown>();
export const createStore = () => 'store';
export const set = async (k: string, v: unknown) => void memory.set(k, v);
export const del = async (k: string) => void memory.delete(k);
export const entries = async () => [...memory.entries()];
