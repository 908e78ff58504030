import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../db/client.ts';
import { countAttempt, forgetAttempts } from './rate-limit.ts';
import { claimHold, decrementCounter, extendHold, readCounterEnd } from './rate-limit.repo.ts';

/**
 * A back-off on failures of one kind (wrong passwords for one account from one address, say): the first
 * `free` failures in the window cost nothing; after that each attempt waits for a hold that doubles with
 * every further failure, from `firstWaitMs` up to `maxWaitMs`. Nothing is locked for good: the hold ends,
 * and a success forgets the count.
 */
export type TBackoff = { key: string; free: number; windowMs: number; firstWaitMs: number; maxWaitMs: number };

const holdKey = (b: TBackoff) => `${b.key}:hold`;
export const waitAfter = (b: TBackoff, failures: number) => Math.min(b.firstWaitMs * 2 ** Math.max(0, failures - b.free), b.maxWaitMs);

export type TBackoffEntry = { ok: true; attempt: number } | { ok: false; retryAfterMs: number };

/**
 * Counts an attempt before it is tried (one upsert, so parallel attempts all count). Past the free ones it
 * must take the hold (one statement: of parallel attempts, one gets it); a refused attempt is not counted.
 */
export const enterBackoff = async (db: Db, b: TBackoff, now = Date.now()): Promise<TBackoffEntry> => {
  const { current } = await countAttempt(db, b.key, b.windowMs);
  if (current <= b.free) return { ok: true, attempt: current };
  const heldUntil = await claimHold(db, holdKey(b), now + waitAfter(b, current), now);
  if (heldUntil === null) return { ok: true, attempt: current };
  await decrementCounter(db, b.key);
  return { ok: false, retryAfterMs: Math.max(1000, heldUntil - now) };
};

/** The attempt failed: from the `free`-th failure on, the next attempt waits. */
export const failedInBackoff = async (db: Db, b: TBackoff, attempt: number) => {
  if (attempt >= b.free) await extendHold(db, holdKey(b), Date.now() + waitAfter(b, attempt));
};

/** Takes back an attempt that turned out not to be a failure, without forgetting earlier failures. */
export const undoAttempt = (db: Db, b: TBackoff) => decrementCounter(db, b.key);

export const forgetBackoff = async (db: Db, b: TBackoff) => {
  await forgetAttempts(db, b.key);
  await forgetAttempts(db, holdKey(b));
};

/** A mark that lasts `ms` (an address a user signed in from); `hasMark` tells whether it is live. */
export const setMark = (db: Db, key: string, ms: number) => extendHold(db, key, Date.now() + ms);
export const hasMark = async (db: Db, key: string) => (await readCounterEnd(db, key)) !== null;

/** Whose attempts count together: an IPv4 address, or an IPv6 address's /64 (one subscriber's network). */
export const addressGroup = (ip: string) => {
  if (ip.startsWith('::ffff:') && isIPv4(ip.slice(7))) return ip.slice(7);
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
};
