import { createStore, del, entries, set } from 'idb-keyval';
import type { TCoordinates } from '@bizdesk/contract';

/**
 * Check-ins and check-outs made while the phone is offline wait here (IndexedDB, so they survive a closed
 * tab or a restart) with the time and place they were made, and are sent when the connection returns.
 */
export type TQueuedAction = {
  id: string;
  kind: 'in' | 'out';
  employeeId: string;
  /** When it was made, by the device's clock. */
  time: string;
  coordinates?: TCoordinates;
  accuracy?: number;
};

/**
 * What became of a queued action the employee must hear about (issue 29): refused by the server (not recorded),
 * or recorded but waiting for HR's review. Kept until the employee dismisses it, so a reload does not lose it.
 */
export type TQueueOutcome = TQueuedAction & { outcome: 'refused' | 'review'; reason: string };

let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('bizdesk-time', 'queued-checkins'));
const OUTCOME_PREFIX = 'outcome:';
const isOutcome = (v: TQueuedAction | TQueueOutcome): v is TQueueOutcome => 'outcome' in v;

export const enqueue = async (action: Omit<TQueuedAction, 'id'>) => {
  const item = { ...action, id: `${action.time}-${action.kind}-${Math.random().toString(36).slice(2, 8)}` };
  await set(item.id, item, db());
  return item;
};

/** The employee's waiting actions, oldest first. */
export const queued = async (employeeId: string): Promise<TQueuedAction[]> =>
  (await entries<string, TQueuedAction | TQueueOutcome>(db())).map(([, v]) => v).filter((v): v is TQueuedAction => !isOutcome(v) && v.employeeId === employeeId).sort((a, b) => a.time.localeCompare(b.time));

export const dequeue = (id: string) => del(id, db());

/** The employee's refused or under-review actions, oldest first, until dismissed. */
export const outcomes = async (employeeId: string): Promise<TQueueOutcome[]> =>
  (await entries<string, TQueuedAction | TQueueOutcome>(db())).map(([, v]) => v).filter((v): v is TQueueOutcome => isOutcome(v) && v.employeeId === employeeId).sort((a, b) => a.time.localeCompare(b.time));

export const dismissOutcome = (id: string) => del(`${OUTCOME_PREFIX}${id}`, db());

export type TSendResult = { result: 'sent'; review?: string } | { result: 'refused'; reason: string } | { result: 'offline' };
/**
 * Sends the waiting actions in order. One the server refuses (already checked in, too old) leaves the queue but
 * is kept with the server's reason until the employee dismisses it, as is one recorded but waiting for HR; a
 * network failure stops, leaving the rest for the next time the connection returns.
 */
export const flush = async (employeeId: string, send: (a: TQueuedAction) => Promise<TSendResult>) => {
  let sent = 0;
  for (const action of await queued(employeeId)) {
    const res = await send(action);
    if (res.result === 'offline') break;
    const outcome: TQueueOutcome | null = res.result === 'refused' ? { ...action, outcome: 'refused', reason: res.reason }
      : res.review ? { ...action, outcome: 'review', reason: res.review } : null;
    if (outcome) await set(`${OUTCOME_PREFIX}${action.id}`, outcome, db());
    await dequeue(action.id);
    if (res.result === 'sent') sent += 1;
  }
  return sent;
};
