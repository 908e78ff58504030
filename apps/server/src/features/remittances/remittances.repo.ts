import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TRemittancePayment } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { remittanceReminders, remittances, users } from '../../db/schema/index.ts';

// The only place with SQL for remittances: the payments recorded against what is due, and the reminders sent.

const recorder = alias(users, 'recorder');
const voider = alias(users, 'voider');

const PAYMENT_SELECT = {
  id: remittances.id, kind: remittances.kind, payee: remittances.payee, period: remittances.period, amount: remittances.amount,
  reference: remittances.reference, paidOn: remittances.paidOn, note: remittances.note, receiptPath: remittances.receiptPath,
  receiptName: remittances.receiptName, receiptMime: remittances.receiptMime, createdAt: remittances.createdAt,
  voidedAt: remittances.voidedAt, voidReason: remittances.voidReason, recordedBy: recorder.userName, voidedBy: voider.userName,
};
export type TPaymentRow = {
  id: string; kind: string; payee: string; period: string; amount: number; reference: string; paidOn: string; note: string | null;
  receiptPath: string | null; receiptName: string | null; receiptMime: string | null; createdAt: Date; voidedAt: Date | null;
  voidReason: string | null; recordedBy: string | null; voidedBy: string | null;
};

const selectPayments = (db: DbOrTx) =>
  db.select(PAYMENT_SELECT).from(remittances)
    .leftJoin(recorder, eq(recorder.id, remittances.recordedById))
    .leftJoin(voider, eq(voider.id, remittances.voidedById));

/** The payments (voided ones too) recorded for these periods, oldest first. */
export const findPayments = async (db: DbOrTx, businessId: string, periods: string[]): Promise<TPaymentRow[]> =>
  periods.length === 0 ? [] : selectPayments(db)
    .where(and(eq(remittances.businessId, businessId), inArray(remittances.period, periods)))
    .orderBy(asc(remittances.paidOn), asc(remittances.createdAt));

export const findPayment = async (db: DbOrTx, businessId: string, id: string): Promise<TPaymentRow | undefined> =>
  (await selectPayments(db).where(and(eq(remittances.businessId, businessId), eq(remittances.id, id))))[0];

export const createPayment = async (db: DbOrTx, v: typeof remittances.$inferInsert) =>
  (await db.insert(remittances).values(v).returning({ id: remittances.id }))[0];

/** Voids a payment not voided yet; undefined when it was (a second void changes nothing). */
export const voidPayment = async (db: DbOrTx, businessId: string, id: string, by: string, reason: string) =>
  (await db.update(remittances).set({ voidedAt: sql`now()`, voidedById: by, voidReason: reason })
    .where(and(eq(remittances.businessId, businessId), eq(remittances.id, id), sql`${remittances.voidedAt} IS NULL`))
    .returning({ id: remittances.id }))[0];

/** Claims one reminder: true for the one caller (of any instance) that inserts it, false once it was sent. */
export const claimReminder = async (db: DbOrTx, v: { businessId: string; kind: string; payee: string; period: string; reminder: 'upcoming' | 'overdue' }) =>
  (await db.insert(remittanceReminders).values(v).onConflictDoNothing().returning({ kind: remittanceReminders.kind })).length > 0;

/**
 * Businesses that can owe a remittance since `sinceMonth`, the only ones the reminders look at: a run approved, or tax
 * withheld from a supplier's payment (a business that buys but runs no payroll here still owes its WHT by the 21st/15th).
 */
export const findBusinessesThatMayOwe = async (db: DbOrTx, sinceMonth: string) =>
  ((await db.execute(sql`
    SELECT b.id, b.country, b.currency, b.time_zone AS "timeZone" FROM businesses b
    WHERE EXISTS (SELECT 1 FROM payroll_runs r WHERE r.business_id = b.id AND r.month >= ${sinceMonth} AND r.status IN ('approved', 'paid'))
       OR EXISTS (SELECT 1 FROM order_payments p WHERE p.business_id = b.id AND p.wht_minor > 0 AND p.paid_date >= ${`${sinceMonth}-01`}::date)
    ORDER BY b.id`)) as unknown as { rows: Array<{ id: string; country: string; currency: string; timeZone: string }> }).rows;

export const toPayment = (r: TPaymentRow): TRemittancePayment => ({
  _id: r.id, amountMinor: Number(r.amount), reference: r.reference, paidOn: r.paidOn, note: r.note,
  receipt: r.receiptPath ? { name: r.receiptName ?? 'receipt', mime: r.receiptMime ?? 'application/octet-stream' } : null,
  recordedBy: r.recordedBy, createdAt: new Date(r.createdAt).toISOString(),
  voided: r.voidedAt ? { at: new Date(r.voidedAt).toISOString(), by: r.voidedBy, reason: r.voidReason ?? '' } : null,
});
