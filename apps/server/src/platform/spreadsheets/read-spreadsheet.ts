import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, badRequest } from '../errors.ts';
import { DEFAULT_SHEET_LIMITS, limitFailure, type TSheetFormat, type TSheetLimitFailure, type TSheetLimits, type TTable } from './sheet-limits.ts';
import type { TSheetReply, TSheetRequest } from './sheet-worker.ts';

/** Reads at once, per process; more wait their turn, so a burst of uploads cannot take every core. */
const MAX_WORKERS = 2;
/** An idle worker is kept this long for the next upload (starting one costs 30–300 ms). */
const IDLE_MS = 30_000;

/**
 * The compiled server ships sheet-worker.js next to the module that starts it (dist/ when bundled);
 * from sources under tsx it is sheet-worker.ts, started through tsx's loader.
 */
const workerEntry = () => {
  const compiled = new URL('./sheet-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { url: compiled, eval: false };
  const source = new URL('./sheet-worker.ts', import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return { url: code, eval: true };
};

type TSlot = { worker: Worker; memoryMb: number; idleTimer: NodeJS.Timeout | null; onReply: ((reply: TSheetReply) => void) | null; onDeath: ((failure: TSheetLimitFailure | Error) => void) | null };
type TTask = { req: Omit<TSheetRequest, 'id'>; resolve: (t: TTable) => void; reject: (e: Error) => void };

const slots = new Set<TSlot>();
const idle: TSlot[] = [];
const waiting: TTask[] = [];
let nextId = 1;

const spawn = (memoryMb: number): TSlot => {
  const entry = workerEntry();
  const worker = new Worker(entry.url, { eval: entry.eval, resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4) } });
  const slot: TSlot = { worker, memoryMb, idleTimer: null, onReply: null, onDeath: null };
  worker.on('message', (reply: TSheetReply) => slot.onReply?.(reply));
  worker.on('error', (err: Error & { code?: string }) => {
    slot.onDeath?.(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? limitFailure('maxMemoryMb', { ...DEFAULT_SHEET_LIMITS, maxMemoryMb: memoryMb }) : err);
  });
  worker.on('exit', () => {
    slots.delete(slot);
    const at = idle.indexOf(slot);
    if (at !== -1) idle.splice(at, 1);
    slot.onDeath?.(new Error('the reader stopped unexpectedly'));
    pump();
  });
  slots.add(slot);
  return slot;
};

const toError = (failure: TSheetLimitFailure) => new AppError(failure.status === 413 ? 'TOO_LARGE' : 'VALIDATION', failure.message, failure.status);

const run = (slot: TSlot, task: TTask) => {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  slot.idleTimer = null;
  slot.worker.ref();
  const id = nextId++;
  const { limits, format } = task.req;
  const done = (settle: () => void) => {
    clearTimeout(timer);
    slot.onReply = null;
    slot.onDeath = null;
    settle();
  };
  const release = () => {
    slot.worker.unref();
    idle.push(slot);
    slot.idleTimer = setTimeout(() => void slot.worker.terminate(), IDLE_MS);
    slot.idleTimer.unref();
    pump();
  };
  // Past the time limit the worker is terminated: a read that spins cannot be asked to stop.
  const timer = setTimeout(() => {
    done(() => task.reject(toError(limitFailure('timeoutMs', limits))));
    void slot.worker.terminate();
  }, limits.timeoutMs);
  slot.onReply = (reply) => {
    if (reply.id !== id) return;
    done(() => {
      if (reply.ok) task.resolve({ header: reply.header, rows: reply.rows });
      else task.reject(reply.failure ? toError(reply.failure) : badRequest(`The file could not be read as ${format.toUpperCase()}: ${reply.message}`));
    });
    release();
  };
  slot.onDeath = (failure) => done(() => task.reject(failure instanceof Error ? failure : toError(failure)));
  // The bytes are copied once into a buffer the worker takes over.
  const bytes = new Uint8Array(task.req.bytes);
  slot.worker.postMessage({ ...task.req, id, bytes } satisfies TSheetRequest, [bytes.buffer]);
};

const pump = () => {
  while (waiting.length) {
    const memoryMb = waiting[0].req.limits.maxMemoryMb;
    const at = idle.findIndex((s) => s.memoryMb === memoryMb);
    if (at !== -1) {
      run(idle.splice(at, 1)[0], waiting.shift()!);
    } else if (slots.size < MAX_WORKERS) {
      run(spawn(memoryMb), waiting.shift()!);
    } else if (idle.length) {
      // Every worker is idle but sized for other limits: make room for one that fits.
      void idle.shift()!.worker.terminate();
      return;
    } else {
      return;
    }
  }
};

/**
 * Reads a CSV or xlsx upload into text cells in a worker thread, within `limits` (checked while
 * reading; the time limit by terminating the worker). A file past a limit is an AppError 413 or 400
 * naming the limit; a file that cannot be read is 400.
 */
export const readSpreadsheet = (buffer: Buffer, format: TSheetFormat, limits: Partial<TSheetLimits> = {}): Promise<TTable> =>
  new Promise((resolve, reject) => {
    waiting.push({ req: { bytes: buffer, format, limits: { ...DEFAULT_SHEET_LIMITS, ...limits } }, resolve, reject });
    pump();
  });

/** Ends every worker (tests, shutdown). */
export const closeSheetReaders = async () => {
  await Promise.all([...slots].map((s) => s.worker.terminate()));
};
