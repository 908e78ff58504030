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

let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('bizdesk-time', 'queued-checkins'));

export const enqueue = async (action: Omit<TQueuedAction, 'id'>) => {
  const item = { ...action, id: `${action.time}-${action.kind}-${Math.random().toString(36).slice(2, 8)}` };
  await set(item.id, item, db());
  return item;
};

/** The employee's waiting actions, oldest first. */
export const queued = async (employeeId: string): Promise<TQueuedAction[]> =>
  (await entries<string, TQueuedAction>(db())).map(([, v]) => v).filter((v) => v.employeeId === employeeId).sort((a, b) => a.time.localeCompare(b.time));

export const dequeue = (id: string) => del(id, db());

type TSendResult = 'sent' | 'refused' | 'offline';
/**
 * Sends the waiting actions in order. One the server refuses (already checked in, too old) is dropped with
 * its message; a network failure stops, leaving the rest for the next time the connection returns.
 */
export const flush = async (employeeId: string, send: (a: TQueuedAction) => Promise<TSendResult>, onRefused: (a: TQueuedAction) => void) => {
  let sent = 0;
  for (const action of await queued(employeeId)) {
    const result = await send(action);
    if (result === 'offline') break;
    await dequeue(action.id);
    if (result === 'refused') onRefused(action);
    else sent += 1;
  }
  return sent;
};
