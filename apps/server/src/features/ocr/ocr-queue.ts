import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors.ts';
import type { TOcrReply, TOcrRequest } from './ocr-worker.ts';

export type TOcrLimits = {
  /** Documents read at once in this process (OCR takes a core while it runs). */
  concurrency: number;
  /** Documents one business may have waiting or being read; past it, 429. */
  perBusiness: number;
  timeoutMs: number;
  maxMemoryMb: number;
  /** An idle worker (with its recogniser loaded) is kept this long for the next document. */
  idleMs: number;
};
export const DEFAULT_OCR_LIMITS: TOcrLimits = { concurrency: 1, perBusiness: 3, timeoutMs: 90_000, maxMemoryMb: 512, idleMs: 60_000 };

const workerEntry = () => {
  const compiled = new URL('./ocr-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { url: compiled, eval: false };
  const source = new URL('./ocr-worker.ts', import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  return { url: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`, eval: true };
};

type TResult = Extract<TOcrReply, { ok: true }>;
type TTask = { businessId: string; mime: string; bytes: Buffer; resolve: (r: TResult) => void; reject: (e: Error) => void };
type TSlot = { worker: Worker; busy: boolean; idleTimer: NodeJS.Timeout | null; settle: ((reply: TOcrReply | Error) => void) | null };

/**
 * Reads documents in worker threads, taking businesses in turn: each business's documents wait in
 * their own line and a free worker serves the business served longest ago, so one business sending
 * many receipts delays only itself.
 */
export const createOcrQueue = (limits: TOcrLimits = DEFAULT_OCR_LIMITS) => {
  const lines = new Map<string, TTask[]>();
  const turn: string[] = [];
  const inFlight = new Map<string, number>();
  const lastServed = new Map<string, number>();
  let serial = 0;
  const slots = new Set<TSlot>();
  let nextId = 1;

  const spawn = (): TSlot => {
    const entry = workerEntry();
    const worker = new Worker(entry.url, { eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 32 } });
    const slot: TSlot = { worker, busy: false, idleTimer: null, settle: null };
    worker.on('message', (reply: TOcrReply) => slot.settle?.(reply));
    worker.on('error', (err: Error & { code?: string }) => {
      slot.settle?.(err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError('TOO_LARGE', `Reading this document needs more than ${limits.maxMemoryMb} MB; try a smaller or simpler file`, 413)
        : err);
    });
    worker.on('exit', () => {
      slots.delete(slot);
      slot.settle?.(new Error('the OCR worker stopped unexpectedly'));
      pump();
    });
    slots.add(slot);
    return slot;
  };

  /** The waiting business served longest ago (never served first); ties keep arrival order. */
  const take = (): TTask | undefined => {
    let pick = -1;
    for (let i = 0; i < turn.length; i += 1) {
      if (pick === -1 || (lastServed.get(turn[i]) ?? 0) < (lastServed.get(turn[pick]) ?? 0)) pick = i;
    }
    if (pick === -1) return undefined;
    const businessId = turn[pick];
    const line = lines.get(businessId)!;
    const task = line.shift()!;
    lastServed.set(businessId, (serial += 1));
    if (line.length === 0) {
      lines.delete(businessId);
      turn.splice(pick, 1);
    }
    return task;
  };

  const run = (slot: TSlot, task: TTask) => {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.busy = true;
    slot.worker.ref();
    const id = nextId++;
    const timer = setTimeout(() => {
      finish(new AppError('TOO_LARGE', `Reading this document took longer than ${Math.round(limits.timeoutMs / 1000)} seconds; try a smaller or clearer file`, 413));
      void slot.worker.terminate();
    }, limits.timeoutMs);
    const finish = (reply: TOcrReply | Error) => {
      if (!slot.settle) return;
      slot.settle = null;
      clearTimeout(timer);
      const left = (inFlight.get(task.businessId) ?? 1) - 1;
      // A business with nothing waiting or running is forgotten (the maps stay as small as the queue).
      if (left === 0) { inFlight.delete(task.businessId); lastServed.delete(task.businessId); } else inFlight.set(task.businessId, left);
      if (reply instanceof Error) task.reject(reply);
      else if (reply.ok) task.resolve(reply);
      else task.reject(new AppError(reply.status === 413 ? 'TOO_LARGE' : reply.status === 415 ? 'UNSUPPORTED_TYPE' : 'VALIDATION', reply.message, reply.status));
      slot.busy = false;
      if (slots.has(slot)) {
        slot.worker.unref();
        slot.idleTimer = setTimeout(() => void slot.worker.terminate(), limits.idleMs);
        slot.idleTimer.unref();
      }
      pump();
    };
    slot.settle = (reply) => {
      if (reply instanceof Error || reply.id === id) finish(reply);
    };
    const bytes = new Uint8Array(task.bytes);
    slot.worker.postMessage({ id, bytes, mime: task.mime } satisfies TOcrRequest, [bytes.buffer]);
  };

  const pump = () => {
    for (;;) {
      let slot = [...slots].find((s) => !s.busy);
      if (!slot && slots.size < limits.concurrency && turn.length) slot = spawn();
      if (!slot) return;
      const task = take();
      if (!task) return;
      run(slot, task);
    }
  };

  return {
    read: (businessId: string, mime: string, bytes: Buffer) => new Promise<TResult>((resolve, reject) => {
      const pending = inFlight.get(businessId) ?? 0;
      if (pending >= limits.perBusiness) {
        reject(new AppError('RATE_LIMITED', `${pending} documents of your business are being read; wait for them to finish, then try again`, 429));
        return;
      }
      inFlight.set(businessId, pending + 1);
      const line = lines.get(businessId);
      if (line) line.push({ businessId, mime, bytes, resolve, reject });
      else {
        lines.set(businessId, [{ businessId, mime, bytes, resolve, reject }]);
        turn.push(businessId);
      }
      pump();
    }),
    close: async () => {
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
};
export type TOcrQueue = ReturnType<typeof createOcrQueue>;
