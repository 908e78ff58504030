import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, users } from '../../db/schema/index.ts';

// The only place with SQL for the business profile (issue 31).

const PROFILE = {
  id: businesses.id, name: businesses.name, country: businesses.country, currency: businesses.currency,
  rcNumber: businesses.rcNumber, employerTin: businesses.employerTin, stateOrRegion: businesses.stateOrRegion,
  pencomEmployerCode: businesses.pencomEmployerCode, nsitfNumber: businesses.nsitfNumber, itfNumber: businesses.itfNumber,
  ssnitEmployerNumber: businesses.ssnitEmployerNumber, employerPensionRateBp: businesses.employerPensionRateBp, isItfLiable: businesses.isItfLiable,
};
export type TProfileRow = { [K in keyof typeof PROFILE]: (typeof PROFILE)[K]['_']['data'] | ((typeof PROFILE)[K]['_']['notNull'] extends true ? never : null) };

export const getProfile = async (db: DbOrTx, businessId: string, opts: { lock?: boolean } = {}) => {
  const q = db.select(PROFILE).from(businesses).where(eq(businesses.id, businessId));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row as TProfileRow | undefined;
};

export type TProfilePatch = Partial<Omit<TProfileRow, 'id' | 'country' | 'currency'>>;

export const updateProfile = async (tx: DbOrTx, businessId: string, patch: TProfilePatch) => {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) await tx.update(businesses).set(set).where(eq(businesses.id, businessId));
};

/** The business's users: their remembered principal carries the business name, forgotten after a rename. */
export const findUserIds = async (db: DbOrTx, businessId: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.businessId, businessId))).map((u) => u.id);
