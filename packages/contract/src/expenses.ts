import { z } from 'zod';
import { ZDate, ZId, ZName } from './common.ts';
import { ZOcrProposal } from './ocr.ts';

/** Expense claims (issue 33 item 5): a staff member claims back what they paid, line by line, with receipts. */
export const EXPENSE_CATEGORIES = ['travel', 'meals', 'fuel', 'materials', 'other'] as const;
export const ZExpenseCategory = z.enum(EXPENSE_CATEGORIES, { message: `must be one of: ${EXPENSE_CATEGORIES.join(', ')}` });
export type TExpenseCategory = z.infer<typeof ZExpenseCategory>;

/** draft → submitted → approved | rejected; approved → reimbursed (in a payroll run, or paid directly). A rejected claim can be edited and submitted again. */
export const EXPENSE_CLAIM_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'reimbursed'] as const;
export const ZExpenseClaimStatus = z.enum(EXPENSE_CLAIM_STATUSES, { message: `must be one of: ${EXPENSE_CLAIM_STATUSES.join(', ')}` });
export type TExpenseClaimStatus = z.infer<typeof ZExpenseClaimStatus>;

/** A line above this amount (minor units: 5,000.00) needs a receipt. */
export const EXPENSE_RECEIPT_REQUIRED_ABOVE_MINOR = 500_000;
/** At most this per line (minor units: 100,000,000.00); beyond it is a typo. */
export const EXPENSE_LINE_MAX_MINOR = 10_000_000_000;
export const EXPENSE_MAX_LINES = 50;
/** Receipts: photos (JPEG, PNG, WebP) or a PDF, checked from their bytes (the OCR's own types). */
export const EXPENSE_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const EXPENSE_MSG = {
  receiptRequired: (i: number, limit: string) => `lines.${i}.receiptId: a receipt is required for amounts above ${limit}`,
  dateInFuture: (i: number) => `lines.${i}.date: must not be in the future`,
  notEditable: (status: string) => `This claim is ${status}; only a draft or a rejected claim can be changed`,
  notPayable: (status: string) => `This claim is ${status}; only an approved claim can be paid`,
  noOwnEmployee: 'No employee record has your e-mail address, so you cannot claim expenses for yourself; ask HR to add you',
  unknownProject: (i: number, tag: string) => `lines.${i}.projectTag: there is no project called "${tag}"`,
  receiptNotFound: (i: number) => `lines.${i}.receiptId: this receipt was not found; upload it again`,
} as const;

export const ZExpenseLineInput = z.object({
  category: ZExpenseCategory,
  description: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  vendor: z.string().trim().max(120, 'must be at most 120 characters').nullable().optional(),
  date: ZDate,
  amountMinor: z.number({ message: 'must be a number' }).int('must be a whole number of minor units')
    .positive('must be more than 0').max(EXPENSE_LINE_MAX_MINOR, 'is too large'),
  projectTag: z.string().trim().max(120, 'must be at most 120 characters').nullable().optional(),
  receiptId: ZId.nullable().optional(),
});
export type TExpenseLineInput = z.input<typeof ZExpenseLineInput>;

export const ZExpenseClaimInput = z.object({
  title: ZName(120),
  lines: z.array(ZExpenseLineInput).min(1, 'add at least one line').max(EXPENSE_MAX_LINES, `must have at most ${EXPENSE_MAX_LINES} lines`),
});
export type TExpenseClaimInput = z.input<typeof ZExpenseClaimInput>;
/** The input as the server has it after validation (defaults filled). */
export type TExpenseClaimData = z.output<typeof ZExpenseClaimInput>;

export const ZExpenseReceipt = z.object({ _id: ZId, name: z.string(), mime: z.string(), size: z.number().int() });
export type TExpenseReceipt = z.infer<typeof ZExpenseReceipt>;

export const ZExpenseLine = z.object({
  _id: ZId,
  category: ZExpenseCategory,
  description: z.string(),
  vendor: z.string().nullable(),
  date: z.string(),
  amountMinor: z.number().int(),
  projectTag: z.string().nullable(),
  receipt: ZExpenseReceipt.nullable(),
  /** Whether the line is in its project's costs (once approved). */
  isInProjectCosts: z.boolean(),
});
export type TExpenseLine = z.infer<typeof ZExpenseLine>;

export const ZExpenseReimbursement = z.object({
  method: z.enum(['payroll', 'direct']),
  /** Payroll: the month whose run pays it. */
  month: z.string().nullable(),
  /** Payroll: the run that paid it, once approved. */
  runId: z.string().nullable(),
  /** Paid directly: the date and the payment's reference. */
  paidOn: z.string().nullable(),
  reference: z.string().nullable(),
});
export type TExpenseReimbursement = z.infer<typeof ZExpenseReimbursement>;

export const ZExpenseClaim = z.object({
  _id: ZId,
  number: z.string(),
  employeeId: ZId,
  employeeName: z.string(),
  employeeNumber: z.string(),
  title: z.string(),
  status: ZExpenseClaimStatus,
  currency: z.string(),
  totalMinor: z.number().int(),
  lines: z.array(ZExpenseLine),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The approver's reason (a rejection always has one). */
  decisionReason: z.string().nullable(),
  reimbursement: ZExpenseReimbursement.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TExpenseClaim = z.infer<typeof ZExpenseClaim>;

export const ZExpenseListQuery = z.object({
  status: ZExpenseClaimStatus.optional(),
  employeeId: ZId.optional(),
  category: ZExpenseCategory.optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
});
export type TExpenseListQuery = z.infer<typeof ZExpenseListQuery>;

export const ZExpenseTotals = z.object({
  count: z.number().int(),
  totalMinor: z.number().int(),
  byStatus: z.record(z.string(), z.object({ count: z.number().int(), totalMinor: z.number().int() })),
});
export const ZExpenseClaimList = z.object({ claims: z.array(ZExpenseClaim), totals: ZExpenseTotals, truncated: z.boolean() });
export type TExpenseClaimList = z.infer<typeof ZExpenseClaimList>;

export const ZExpenseDirectPayment = z.object({
  paidOn: ZDate,
  reference: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
});
export type TExpenseDirectPayment = z.infer<typeof ZExpenseDirectPayment>;

export const ZExpenseReceiptUpload = z.object({ receipt: ZExpenseReceipt, proposal: ZOcrProposal.nullable() });
export type TExpenseReceiptUpload = z.infer<typeof ZExpenseReceiptUpload>;

export const ZExpenseClaimParams = z.object({ claimId: ZId });
export const ZExpenseEmployeeParams = z.object({ employeeId: ZId });
export const ZExpenseReceiptParams = z.object({ receiptId: ZId });
/** The project names a line can be tagged with (the costs feature's projects). */
export const ZExpenseOptions = z.object({ projects: z.array(z.string()), currency: z.string(), receiptRequiredAboveMinor: z.number().int() });
export type TExpenseOptions = z.infer<typeof ZExpenseOptions>;
/** One employee's claims with what the form offers. */
export const ZExpenseOwnClaims = ZExpenseClaimList.extend({ options: ZExpenseOptions });
export type TExpenseOwnClaims = z.infer<typeof ZExpenseOwnClaims>;
