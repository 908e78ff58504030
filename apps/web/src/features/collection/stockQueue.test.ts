import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('idb-keyval', () => import('../../test/memoryIdbKeyval.ts'));
const { memory } = await import('../../test/memoryIdbKeyval.ts');

const { discard, enqueue, flush, refused, waiting } = await import('./stockQueue.ts');

const movement = (over: Partial<Parameters<typeof enqueue>[0]> = {}) => ({
  pointId: 'p1', itemId: 'i1', itemName: 'Cement', unit: 'bags', action: 'use' as const, quantity: 3,
  employeeNumber: 'IK-01', employeeName: 'Ada Obi', deviceTime: '2026-11-26T08:00:00.000Z', ...over,
});

describe('site phone stock queue', () => {
  beforeEach(() => memory.clear());

  it('keeps each point\'s movements oldest first, with the phone\'s time and a reference the server accepts', async () => {
    await enqueue(movement({ deviceTime: '2026-11-26T10:00:00.000Z', action: 'count', quantity: 40 }));
    const first = await enqueue(movement({ deviceTime: '2026-11-26T08:00:00.000Z' }));
    await enqueue(movement({ pointId: 'p2' }));
    const mine = await waiting('p1');
    expect(mine.map((m) => [m.action, m.deviceTime])).toEqual([['use', '2026-11-26T08:00:00.000Z'], ['count', '2026-11-26T10:00:00.000Z']]);
    expect(mine[0].reference).toBe(first.reference);
    expect(first.reference).toMatch(/^[A-Za-z0-9._:-]{8,80}$/);
    expect(new Set(mine.map((m) => m.reference)).size).toBe(2);
  });

  it('sends in order with the same reference every time, keeps what the server refused with its reason, and stops when offline', async () => {
    await enqueue(movement({ quantity: 99, deviceTime: '2026-11-26T08:00:00.000Z' }));
    await enqueue(movement({ quantity: 2, deviceTime: '2026-11-26T09:00:00.000Z' }));
    const offline = vi.fn(async () => ({ result: 'offline' as const }));
    expect(await flush('p1', offline)).toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    const before = await waiting('p1');
    expect(before).toHaveLength(2);

    const seen: string[] = [];
    const send = vi.fn(async (m: { quantity: number; reference: string }) => {
      seen.push(m.reference);
      return m.quantity > 50 ? { result: 'refused' as const, reason: 'Not enough Cement in stock: 30 bags available, 99 asked for' } : { result: 'sent' as const };
    });
    expect(await flush('p1', send)).toBe(1);
    expect(seen).toEqual(before.map((m) => m.reference));
    expect(await waiting('p1')).toEqual([]);
    const kept = await refused('p1');
    expect(kept.map((m) => [m.quantity, m.state, m.reason])).toEqual([[99, 'refused', 'Not enough Cement in stock: 30 bags available, 99 asked for']]);
    // A refused movement is not sent again by the next sync; discarding it clears it.
    expect(await flush('p1', send)).toBe(0);
    await discard(kept[0].reference);
    expect(await refused('p1')).toEqual([]);
  });
});
