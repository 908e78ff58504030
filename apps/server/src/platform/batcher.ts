/**
 * Writes that queue up run together. A write submitted while fewer than `maxRunning` runs are under way starts at
 * once, alone, as it would without a batcher; writes submitted while the database is busy wait, and the next run
 * takes them together (up to `maxItems`), as one statement: one round trip and one commit for all of them instead
 * of one each. That is group commit, done by the caller: under a burst of writes the database does a fraction of
 * the work per write, and a write alone waits for nothing.
 *
 * - Fair between businesses: a run takes at most `maxPerGroup` waiting writes of one group (business), oldest first,
 *   so one business's burst cannot hold the others back.
 * - Writes whose keys meet (the same e-mail in one business, say) never share a run: the later one waits for the
 *   next, so a run never has to decide between two of its own writes.
 * - All or none per write: when a run of several fails (a unique index meeting a write made meanwhile, say),
 *   nothing of it was written, and each of its writes runs again alone and gets its own answer.
 */
export type TBatcherOptions<TIn, TOut> = {
  /** Runs the writes as one statement; answers one result per write, in the order given. */
  runMany: (items: TIn[]) => Promise<TOut[]>;
  /** The group a write belongs to (its business), for fairness. */
  groupOf: (item: TIn) => string;
  /** Keys that two writes of one run must not share. */
  keysOf?: (item: TIn) => string[];
  maxRunning: number;
  maxItems: number;
  maxPerGroup: number;
};

type TWaiting<TIn, TOut> = { item: TIn; resolve: (out: TOut) => void; reject: (err: unknown) => void };

export const createBatcher = <TIn, TOut>(opts: TBatcherOptions<TIn, TOut>) => {
  const waiting: Array<TWaiting<TIn, TOut>> = [];
  let running = 0;

  /** The oldest waiting writes that may run together, taken out of the queue. */
  const takeRun = () => {
    const run: Array<TWaiting<TIn, TOut>> = [];
    const perGroup = new Map<string, number>();
    const keys = new Set<string>();
    for (let i = 0; i < waiting.length && run.length < opts.maxItems; i++) {
      const w = waiting[i];
      const group = opts.groupOf(w.item);
      const own = opts.keysOf?.(w.item) ?? [];
      if ((perGroup.get(group) ?? 0) >= opts.maxPerGroup || own.some((k) => keys.has(k))) continue;
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
      for (const k of own) keys.add(k);
      run.push(w);
      waiting.splice(i--, 1);
    }
    return run;
  };

  const settleAlone = async (w: TWaiting<TIn, TOut>) => {
    try {
      const [out] = await opts.runMany([w.item]);
      w.resolve(out);
    } catch (err) {
      w.reject(err);
    }
  };

  const execute = async (run: Array<TWaiting<TIn, TOut>>) => {
    if (run.length === 1) return settleAlone(run[0]);
    let outs: TOut[];
    try {
      outs = await opts.runMany(run.map((w) => w.item));
    } catch {
      // Nothing of the run was written: each write again on its own, for its own answer.
      await Promise.all(run.map(settleAlone));
      return;
    }
    run.forEach((w, i) => w.resolve(outs[i]));
  };

  const pump = () => {
    while (running < opts.maxRunning && waiting.length > 0) {
      const run = takeRun();
      running += 1;
      void execute(run).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return {
    /** Runs the write, alone or with others waiting at the same time; answers its own result. */
    submit: (item: TIn) => new Promise<TOut>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    }),
  };
};

export type TBatcher<TIn, TOut> = ReturnType<typeof createBatcher<TIn, TOut>>;
