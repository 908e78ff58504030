import { beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no IndexedDB: an in-memory stand-in for the few idb-keyval calls the queue makes.
const memory = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  set: async (k: string, v: unknown) => void memory.set(k, v),
  del: async (k: string) => void memory.delete(k),
  entries: async () => [...memory.entries()],
}));

const { enqueue, flush, queued } = await import('./offlineQueue.ts');

describe('offline check-in queue', () => {
  beforeEach(() => memory.clear());

  it('keeps each employee\'s actions oldest first with their device time and place', async () => {
    await enqueue({ kind: 'out', employeeId: 'e1', time: '2026-11-23T17:02:00.000Z' });
    await enqueue({ kind: 'in', employeeId: 'e1', time: '2026-11-23T08:01:00.000Z', coordinates: { latitude: 6.45, longitude: 3.39 }, accuracy: 20 });
    await enqueue({ kind: 'in', employeeId: 'e2', time: '2026-11-23T07:00:00.000Z' });
    const mine = await queued('e1');
    expect(mine.map((a) => [a.kind, a.time])).toEqual([['in', '2026-11-23T08:01:00.000Z'], ['out', '2026-11-23T17:02:00.000Z']]);
    expect(mine[0].coordinates).toEqual({ latitude: 6.45, longitude: 3.39 });
  });

  it('sends in order, drops what the server refused, and stops at the first network failure', async () => {
    await enqueue({ kind: 'in', employeeId: 'e1', time: '2026-11-23T08:00:00.000Z' });
    await enqueue({ kind: 'out', employeeId: 'e1', time: '2026-11-23T17:00:00.000Z' });
    const offline = vi.fn(async () => 'offline' as const);
    expect(await flush('e1', offline, () => undefined)).toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(await queued('e1')).toHaveLength(2);

    const refused: string[] = [];
    const send = vi.fn(async (a: { kind: string }) => (a.kind === 'in' ? ('refused' as const) : ('sent' as const)));
    expect(await flush('e1', send, (a) => refused.push(a.kind))).toBe(1);
    expect(refused).toEqual(['in']);
    expect(await queued('e1')).toEqual([]);
  });
});
