import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TExpenseClaim, TExpenseClaimStatus, TExpenseListQuery } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { expenseClaimLines, expenseClaims, expenseReceipts } from '../../db/schema/index.ts';

export type TClaimRow = typeof expenseClaims.$inferSelect & { employeeName: string; employeeNumber: string; employeeEmail: string };
export type TLineRow = typeof expenseClaimLines.$inferSelect & { receiptName: string | null; receiptMime: string | null; receiptSize: number | null };
export type TReceiptRow = typeof expenseReceipts.$inferSelect;
export type TNewLine = Omit<typeof expenseClaimLines.$inferInsert, 'businessId' | 'claimId' | 'id'>;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export const claimNumber = (seq: number) => `EC-${String(seq).padStart(4, '0')}`;

const CLAIM_SELECT = sql`
  SELECT c.business_id AS "businessId", c.id, c.seq, c.employee_id AS "employeeId", c.title, c.status, c.currency, c.total_minor::float8 AS "totalMinor",
    c.created_by_id AS "createdById", c.submitted_at AS "submittedAt", c.decided_at AS "decidedAt", c.decided_by AS "decidedBy",
    c.decision_reason AS "decisionReason", c.reimbursement_method AS "reimbursementMethod", c.payroll_month AS "payrollMonth",
    c.pay_item_id AS "payItemId", c.payroll_run_id AS "payrollRunId", c.paid_on::text AS "paidOn", c.payment_reference AS "paymentReference",
    c.reimbursed_at AS "reimbursedAt", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
    trim(e.first_name || ' ' || e.last_name) AS "employeeName", e.employee_number AS "employeeNumber", lower(e.email) AS "employeeEmail"
  FROM expense_claims c JOIN employees e ON e.id = c.employee_id`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const toClaim = (c: TClaimRow, lines: TLineRow[]): TExpenseClaim => ({
  _id: c.id, number: claimNumber(c.seq), employeeId: c.employeeId, employeeName: c.employeeName, employeeNumber: c.employeeNumber,
  title: c.title, status: c.status, currency: c.currency, totalMinor: Number(c.totalMinor),
  lines: lines.filter((l) => l.claimId === c.id).sort((a, b) => a.position - b.position).map((l) => ({
    _id: l.id, category: l.category as TExpenseClaim['lines'][number]['category'], description: l.description, vendor: l.vendor, date: l.date,
    amountMinor: Number(l.amountMinor), projectTag: l.projectTag,
    receipt: l.receiptId ? { _id: l.receiptId, name: l.receiptName ?? '', mime: l.receiptMime ?? '', size: l.receiptSize ?? 0 } : null,
    isInProjectCosts: l.costRecordId !== null,
  })),
  submittedAt: iso(c.submittedAt), decidedAt: iso(c.decidedAt), decidedBy: c.decidedBy, decisionReason: c.decisionReason,
  reimbursement: c.reimbursementMethod
    ? { method: c.reimbursementMethod, month: c.payrollMonth, runId: c.payrollRunId, paidOn: c.paidOn, reference: c.paymentReference }
    : null,
  createdAt: iso(c.createdAt)!, updatedAt: iso(c.updatedAt)!,
});

export const getClaim = async (db: DbOrTx, businessId: string, id: string, opts: { lock?: boolean } = {}) =>
  rowsOf<TClaimRow>(await db.execute(sql`${CLAIM_SELECT} WHERE c.business_id = ${businessId} AND c.id = ${id} ${opts.lock ? sql`FOR UPDATE OF c` : sql``}`))[0];

export const findClaims = async (db: DbOrTx, businessId: string, q: TExpenseListQuery & { employeeIds?: string[]; limit: number }) => {
  const where: SQL[] = [sql`c.business_id = ${businessId}`];
  if (q.status) where.push(sql`c.status = ${q.status}`);
  if (q.employeeId) where.push(sql`c.employee_id = ${q.employeeId}`);
  if (q.employeeIds) where.push(q.employeeIds.length ? sql`c.employee_id IN (${sql.join(q.employeeIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`false`);
  if (q.from) where.push(sql`c.created_at >= ${q.from}::date`);
  if (q.to) where.push(sql`c.created_at < ${q.to}::date + 1`);
  if (q.category) where.push(sql`EXISTS (SELECT 1 FROM expense_claim_lines l WHERE l.claim_id = c.id AND l.category = ${q.category})`);
  return rowsOf<TClaimRow>(await db.execute(sql`${CLAIM_SELECT} WHERE ${sql.join(where, sql` AND `)} ORDER BY c.created_at DESC, c.seq DESC LIMIT ${q.limit}`));
};

export const findTotals = async (db: DbOrTx, businessId: string, q: TExpenseListQuery) => {
  const where: SQL[] = [sql`c.business_id = ${businessId}`];
  if (q.status) where.push(sql`c.status = ${q.status}`);
  if (q.employeeId) where.push(sql`c.employee_id = ${q.employeeId}`);
  if (q.from) where.push(sql`c.created_at >= ${q.from}::date`);
  if (q.to) where.push(sql`c.created_at < ${q.to}::date + 1`);
  if (q.category) where.push(sql`EXISTS (SELECT 1 FROM expense_claim_lines l WHERE l.claim_id = c.id AND l.category = ${q.category})`);
  return rowsOf<{ status: TExpenseClaimStatus; count: number; total: number }>(await db.execute(sql`
    SELECT c.status, count(*)::int AS count, coalesce(sum(c.total_minor), 0)::float8 AS total FROM expense_claims c
    WHERE ${sql.join(where, sql` AND `)} GROUP BY c.status`));
};

export const findLines = async (db: DbOrTx, businessId: string, claimIds: string[]) =>
  claimIds.length === 0 ? [] : rowsOf<TLineRow>(await db.execute(sql`
    SELECT l.business_id AS "businessId", l.id, l.claim_id AS "claimId", l.position, l.category, l.description, l.vendor, l.date::text AS date,
      l.amount_minor::float8 AS "amountMinor", l.project_tag AS "projectTag", l.receipt_id AS "receiptId", l.cost_record_id AS "costRecordId",
      r.name AS "receiptName", r.mime AS "receiptMime", r.size AS "receiptSize"
    FROM expense_claim_lines l LEFT JOIN expense_receipts r ON r.id = l.receipt_id
    WHERE l.business_id = ${businessId} AND l.claim_id IN (${sql.join(claimIds.map((id) => sql`${id}::uuid`), sql`, `)})
    ORDER BY l.position`));

export const insertClaim = async (tx: DbOrTx, v: { businessId: string; employeeId: string; title: string; currency: string; totalMinor: number; createdById: string | null }) => {
  // One claim number at a time per business: the lock lasts the transaction.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`expense-claim-seq:${v.businessId}`}))`);
  const [{ seq }] = rowsOf<{ seq: number }>(await tx.execute(sql`SELECT coalesce(max(seq), 0)::int + 1 AS seq FROM expense_claims WHERE business_id = ${v.businessId}`));
  const [row] = await tx.insert(expenseClaims).values({ ...v, seq }).returning({ id: expenseClaims.id });
  return row.id;
};

export const updateClaim = async (tx: DbOrTx, businessId: string, id: string, patch: Partial<typeof expenseClaims.$inferInsert>) =>
  tx.update(expenseClaims).set({ ...patch, updatedAt: new Date() }).where(and(eq(expenseClaims.businessId, businessId), eq(expenseClaims.id, id)));

export const deleteClaim = async (tx: DbOrTx, businessId: string, id: string) =>
  tx.delete(expenseClaims).where(and(eq(expenseClaims.businessId, businessId), eq(expenseClaims.id, id)));

export const replaceLines = async (tx: DbOrTx, businessId: string, claimId: string, lines: TNewLine[]) => {
  await tx.delete(expenseClaimLines).where(and(eq(expenseClaimLines.businessId, businessId), eq(expenseClaimLines.claimId, claimId)));
  if (lines.length) await tx.insert(expenseClaimLines).values(lines.map((l) => ({ ...l, businessId, claimId })));
};

export const setLineCostRecord = async (tx: DbOrTx, businessId: string, lineId: string, costRecordId: string) =>
  tx.update(expenseClaimLines).set({ costRecordId }).where(and(eq(expenseClaimLines.businessId, businessId), eq(expenseClaimLines.id, lineId)));

/** Approved claims a regular run of the month pays (locked: the run's approval marks them reimbursed). */
export const findClaimsPaidBy = async (tx: DbOrTx, businessId: string, month: string) =>
  rowsOf<TClaimRow>(await tx.execute(sql`${CLAIM_SELECT} WHERE c.business_id = ${businessId} AND c.status = 'approved'
    AND c.reimbursement_method = 'payroll' AND c.payroll_month = ${month} FOR UPDATE OF c`));

export const insertReceipt = async (tx: DbOrTx, v: typeof expenseReceipts.$inferInsert) =>
  (await tx.insert(expenseReceipts).values(v).returning())[0];

export const findReceipts = async (db: DbOrTx, businessId: string, ids: string[]) =>
  ids.length === 0 ? [] : db.select().from(expenseReceipts).where(and(eq(expenseReceipts.businessId, businessId), inArray(expenseReceipts.id, ids)));

export const getBusinessCurrency = async (db: DbOrTx, businessId: string) =>
  rowsOf<{ currency: string }>(await db.execute(sql`SELECT currency FROM businesses WHERE id = ${businessId}`))[0]?.currency ?? 'NGN';

/** The live employee of the business with this e-mail (a user claiming for themselves). */
export const findEmployeeIdByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM employees WHERE business_id = ${businessId} AND lower(email) = ${email.toLowerCase()} AND deleted_at IS NULL
    ORDER BY created_at LIMIT 1`))[0]?.id ?? null;

export const getEmployee = async (db: DbOrTx, businessId: string, id: string) =>
  rowsOf<{ id: string; name: string; email: string }>(await db.execute(sql`SELECT id, trim(first_name || ' ' || last_name) AS name, lower(email) AS email FROM employees
    WHERE business_id = ${businessId} AND id = ${id} AND deleted_at IS NULL`))[0];
