import { sql, type SQL } from 'drizzle-orm';

/**
 * What a feature's `search(auth, text, limit)` answers for the top-bar search (features/search, issue 30):
 * at most `limit` rows and whether there were more.
 */
export type TFound<T> = { rows: T[]; more: boolean };

/** Backslash, % and _ are LIKE's own characters; escaped, a search for "50%" means that text. */
const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/**
 * `expr` (lower-case, covered by a pg_trgm GIN index of the same expression) contains the text. Ordered with the
 * rows that start with the text first, then by the text; repos ask for limit + 1 rows and pass them to `found`.
 */
export const containsText = (expr: SQL, text: string) => sql`${expr} LIKE ${likeContains(text)}`;
export const startsFirst = (expr: SQL, text: string) => sql`(${expr} NOT LIKE ${`${escapeLike(text)}%`}), ${expr}`;

export const found = <T>(rows: T[], limit: number): TFound<T> => ({ rows: rows.slice(0, limit), more: rows.length > limit });
