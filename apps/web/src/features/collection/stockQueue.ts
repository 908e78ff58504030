import { createStore, del, entries, set } from 'idb-keyval';
import type { TCollectorAction } from '@bizdesk/contract';

/**
 * Stock movements a site phone records wait here (IndexedDB, so a closed tab or a restart keeps them) with the phone's
 * time and a reference made once per movement, and are sent when the connection returns, oldest first. The server
 * counts a reference once, so sending one again after a lost answer changes nothing (as the check-in queue does).
 */
export type TQueuedMovement = {
  reference: string;
  pointId: string;
  itemId: string;
  itemName: string;
  unit: string;
  action: TCollectorAction;
  quantity: number;
  employeeNumber: string;
  employeeName: string;
  /** When it was recorded, by the phone's clock. */
  deviceTime: string;
  note?: string;
  /** waiting: not sent yet; refused: the server said no (nothing was recorded), kept with its reason until discarded or fixed. */
  state: 'waiting' | 'refused';
  reason?: string;
};

let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore('bizdesk-collector', 'queued-movements'));

/** A reference the server accepts (8 to 80 letters, digits, dots, dashes, colons) and no other phone makes. */
export const newReference = () => {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `site-${random}`;
};

export const enqueue = async (movement: Omit<TQueuedMovement, 'reference' | 'state' | 'reason'>) => {
  const item: TQueuedMovement = { ...movement, reference: newReference(), state: 'waiting' };
  await set(item.reference, item, db());
  return item;
};

const all = async (pointId: string) =>
  (await entries<string, TQueuedMovement>(db())).map(([, v]) => v).filter((v) => v.pointId === pointId).sort((a, b) => a.deviceTime.localeCompare(b.deviceTime));

/** The point's movements not sent yet, oldest first. */
export const waiting = async (pointId: string) => (await all(pointId)).filter((m) => m.state === 'waiting');
/** The point's movements the server refused, oldest first, until discarded or fixed. */
export const refused = async (pointId: string) => (await all(pointId)).filter((m) => m.state === 'refused');

/** Drops a refused movement (the person decided it was wrong). */
export const discard = (reference: string) => del(reference, db());

export type TSendResult = { result: 'sent' } | { result: 'refused'; reason: string } | { result: 'offline' };

/**
 * Sends the point's waiting movements in order. One the server refuses leaves the waiting list and is kept with the
 * server's reason; a network failure (or a server that cannot answer now) stops, leaving the rest for the next time.
 */
export const flush = async (pointId: string, send: (m: TQueuedMovement) => Promise<TSendResult>) => {
  let sent = 0;
  for (const movement of await waiting(pointId)) {
    const res = await send(movement);
    if (res.result === 'offline') break;
    if (res.result === 'refused') await set(movement.reference, { ...movement, state: 'refused', reason: res.reason }, db());
    else {
      await del(movement.reference, db());
      sent += 1;
    }
  }
  return sent;
};
