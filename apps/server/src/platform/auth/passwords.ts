import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { MSG } from '@bizdesk/contract';
import { badRequest } from '../errors.ts';
import { sha256 } from './tokens.ts';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 64;

export const hashPassword = async (password: string) => {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
};

export const verifyPassword = async (password: string, stored: string) => {
  const [algo, n, r, p, saltB64, hashB64] = stored.split('$');
  if (algo !== 'scrypt' || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
};

export { randomToken, sha256 } from './tokens.ts';

// No 0/O/1/I/L so codes read aloud or typed from paper are not misread.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * Random bytes drawn from the system's generator a few kilobytes at a time: a create takes two codes, and one
 * call for each cost more than the rest of its code-making.
 */
let randomPool = Buffer.alloc(0);
let randomAt = 0;
const randomByte = () => {
  if (randomAt >= randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  return randomPool[randomAt++];
};

/** A human-typable random code: 10 chars of a 31-letter alphabet ≈ 49.5 bits. */
export const randomCode = (length = 10): string => {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    // rejection sampling keeps every letter equally likely
    if (b < 248) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  }
  return out;
};

/**
 * What is kept of a portal or employee code: its sha256. Codes are looked up by it, so it must be unsalted; the
 * code is read without case, as typed. (The migration that introduced it hashed the codes already issued.)
 */
export const hashCode = (code: string) => sha256(code.trim().toUpperCase());

type TEstimator = { check: (password: string, userInputs?: string[]) => { score: number; feedback: { warning: string | null } } };
let estimator: Promise<TEstimator> | null = null;

/** zxcvbn-ts with its common-password and English dictionaries, loaded on first use (≈ 0.3 s, a few MB). */
const loadEstimator = () =>
  (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    // No translations: the feedback comes back as plain keys (topTen, userInputs, …), which we map to our own messages.
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, maxLength: 100 });
  })());

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned']);
/** zxcvbn score 3 = at least 10^8 guesses: out of reach online, and costly offline against scrypt. */
const MIN_SCORE = 3;

export type TPasswordWeakness = 'common' | 'personal' | 'weak';

/** Why a password is too easy to guess, or null when it is strong enough. `userInputs`: name, e-mail, business name. */
export const findPasswordWeakness = async (password: string, userInputs: string[] = []): Promise<TPasswordWeakness | null> => {
  const inputs = userInputs.flatMap((v) => [v.toLowerCase(), ...v.toLowerCase().split(/[^\p{L}\p{N}]+/u)]).filter((v) => v.length >= 3);
  const result = (await loadEstimator()).check(password, [...new Set(inputs)]);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning ?? '';
  if (warning === 'userInputs') return 'personal';
  return COMMON_WARNINGS.has(warning) ? 'common' : 'weak';
};

const WEAKNESS_MESSAGES: Record<TPasswordWeakness, string> = { common: MSG.passwordTooCommon, personal: MSG.passwordPersonal, weak: MSG.passwordTooWeak };

/** 400 naming why, on the `password` field, when a new password is too easy to guess. */
export const assertStrongPassword = async (password: string, userInputs: string[] = []) => {
  const weakness = await findPasswordWeakness(password, userInputs);
  if (!weakness) return;
  const message = WEAKNESS_MESSAGES[weakness];
  throw badRequest(message, [{ field: 'body.password', message }]);
};
