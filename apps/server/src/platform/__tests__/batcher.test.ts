import { describe, expect, it } from 'vitest';
import { createBatcher } from '../batcher.ts';

type TItem = { group: string; key: string; fail?: boolean };

/** A batcher over a fake statement that records each run and answers when told to. */
const setUp = (opts: { maxRunning?: number; maxItems?: number; maxPerGroup?: number } = {}) => {
  const runs: string[][] = [];
  const pending: Array<() => void> = [];
  const batcher = createBatcher<TItem, string>({
    runMany: (items) => new Promise((resolve, reject) => {
      runs.push(items.map((i) => i.key));
      pending.push(() => (items.some((i) => i.fail) ? reject(new Error('unique violation')) : resolve(items.map((i) => `done ${i.key}`))));
    }),
    groupOf: (i) => i.group,
    keysOf: (i) => [`${i.group}:${i.key.split('#')[0]}`],
    maxRunning: opts.maxRunning ?? 1, maxItems: opts.maxItems ?? 10, maxPerGroup: opts.maxPerGroup ?? 10,
  });
  const finishAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { batcher, runs, finishAll };
};

describe('batcher', () => {
  it('runs a write alone and at once when nothing else is under way', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 2 });
    const a = batcher.submit({ group: 'b1', key: 'a' });
    expect(runs).toEqual([['a']]);
    await finishAll();
    expect(await a).toBe('done a');
  });

  it('runs the writes that waited together, each answered with its own result', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 1 });
    const answers = ['a', 'b', 'c', 'd'].map((key) => batcher.submit({ group: 'b1', key }));
    expect(runs).toEqual([['a']]);
    await finishAll();
    expect(runs).toEqual([['a'], ['b', 'c', 'd']]);
    expect(await Promise.all(answers)).toEqual(['done a', 'done b', 'done c', 'done d']);
  });

  it('takes at most maxItems, and at most maxPerGroup of one business, oldest first', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 1, maxItems: 3, maxPerGroup: 2 });
    const all = [
      batcher.submit({ group: 'x', key: 'first' }),
      ...['x1', 'x2', 'x3', 'x4'].map((key) => batcher.submit({ group: 'x', key })),
      batcher.submit({ group: 'y', key: 'y1' }),
    ];
    await finishAll();
    await Promise.all(all);
    // The busy business's third waiting write gives way to the other business's first.
    expect(runs).toEqual([['first'], ['x1', 'x2', 'y1'], ['x3', 'x4']]);
  });

  it('never puts two writes with the same key in one run', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 1 });
    const all = ['busy', 'same#1', 'same#2', 'other'].map((key) => batcher.submit({ group: 'b1', key }));
    await finishAll();
    await Promise.all(all);
    expect(runs).toEqual([['busy'], ['same#1', 'other'], ['same#2']]);
  });

  it('keeps the same key of two businesses in one run', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 1 });
    const all = [batcher.submit({ group: 'b1', key: 'busy' }), batcher.submit({ group: 'b1', key: 'same' }), batcher.submit({ group: 'b2', key: 'same' })];
    await finishAll();
    await Promise.all(all);
    expect(runs).toEqual([['busy'], ['same', 'same']]);
  });

  it('runs each write of a failed run again alone: only the failing one fails', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 1 });
    const first = batcher.submit({ group: 'b1', key: 'busy' });
    const good = batcher.submit({ group: 'b1', key: 'good' });
    const bad = batcher.submit({ group: 'b2', key: 'bad', fail: true });
    const outcome = Promise.allSettled([first, good, bad]);
    await finishAll();
    const [a, b, c] = await outcome;
    expect(runs).toEqual([['busy'], ['good', 'bad'], ['good'], ['bad']]);
    expect(a).toEqual({ status: 'fulfilled', value: 'done busy' });
    expect(b).toEqual({ status: 'fulfilled', value: 'done good' });
    expect(c).toMatchObject({ status: 'rejected', reason: new Error('unique violation') });
  });

  it('runs at most maxRunning statements at once', async () => {
    const { batcher, runs, finishAll } = setUp({ maxRunning: 2 });
    const all = ['a', 'b', 'c', 'd'].map((key) => batcher.submit({ group: 'b1', key }));
    expect(runs).toEqual([['a'], ['b']]);
    await finishAll();
    await Promise.all(all);
    expect(runs).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
