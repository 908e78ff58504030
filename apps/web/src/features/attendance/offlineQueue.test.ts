import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('idb-keyval', () => import('../../test/memoryIdbKeyval.ts'));
const { memory } = await import('../../test/memoryIdbKeyval.ts');

const { dismissOutcome, enqueue, flush, outcomes, queued } = await import('./offlineQueue.ts');

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

  it('sends in order, keeps what the server refused with its reason until dismissed, and stops at the first network failure', async () => {
    await enqueue({ kind: 'in', employeeId: 'e1', time: '2026-11-23T08:00:00.000Z' });
    await enqueue({ kind: 'out', employeeId: 'e1', time: '2026-11-23T17:00:00.000Z' });
    const offline = vi.fn(async () => ({ result: 'offline' as const }));
    expect(await flush('e1', offline)).toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(await queued('e1')).toHaveLength(2);

    const send = vi.fn(async (a: { kind: string }) => (a.kind === 'in' ? { result: 'refused' as const, reason: 'already checked in' } : { result: 'sent' as const }));
    expect(await flush('e1', send)).toBe(1);
    expect(await queued('e1')).toEqual([]);
    const kept = await outcomes('e1');
    expect(kept.map((o) => [o.kind, o.outcome, o.reason])).toEqual([['in', 'refused', 'already checked in']]);
    await dismissOutcome(kept[0].id);
    expect(await outcomes('e1')).toEqual([]);
  });
});
