import { z } from 'zod';
import { ZId, ZPageQuery } from './common.ts';

// The payroll register and the month-on-month variance (issue 32 item 7). Both are built from the stored lines of
// runs: one column (register) or one compared line (variance) per figure the lines hold, including every
// periodEarnings / periodDeductions code found. Amounts are integer minor units of the run's currency.

/** Where a figure sits on a pay line: earnings, the gross pay they sum to, deductions, the net, the employer's part. */
export const REGISTER_GROUPS = ['earning', 'gross', 'deduction', 'net', 'employer'] as const;
export type TRegisterGroup = (typeof REGISTER_GROUPS)[number];

/**
 * Why a figure changed from the previous run: the employee joined or left, their salary was revised (a gross change
 * recorded between the two runs, or arrears), proration for part of the month, unpaid days (unpaid leave, suspension,
 * absence), a one-off item (allowance, overtime, bonus), a recurring item, a loan or IOU recovery; `statutory` when
 * only tax, pension or employer figures moved (rules or pay settings); `other` when nothing recorded explains it.
 */
export const VARIANCE_REASONS = ['new-joiner', 'leaver', 'revision', 'proration', 'unpaid-days', 'one-off', 'recurring', 'loan', 'iou', 'statutory', 'other'] as const;
export type TVarianceReason = (typeof VARIANCE_REASONS)[number];

export const ZVarianceQuery = ZPageQuery.extend({
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(25),
});
export type TVarianceQuery = z.infer<typeof ZVarianceQuery>;

const ZChange = z.object({ previousMinor: z.number().int(), currentMinor: z.number().int(), changeMinor: z.number().int() });
export type TVarianceChange = z.infer<typeof ZChange>;

/** One figure compared: `key` is stable (`salary`, `tax`, `earning:<code>`, `deduction:<code>` …); `label` is its English name. */
export const ZVarianceLine = ZChange.extend({
  key: z.string(), label: z.string(), group: z.enum(REGISTER_GROUPS),
  /** Why it changed (null for a figure that follows from the others: gross pay, tax, pension, net, employer's part). */
  reason: z.enum(VARIANCE_REASONS).nullable(),
});
export type TVarianceLine = z.infer<typeof ZVarianceLine>;

export const ZVarianceEmployee = z.object({
  employeeId: ZId, employeeNumber: z.string(), name: z.string(), department: z.string().nullable(),
  /** `new`: on this run only; `left`: on the previous run only. */
  presence: z.enum(['both', 'new', 'left']),
  reasons: z.array(z.enum(VARIANCE_REASONS)),
  grossPay: ZChange,
  net: ZChange,
  /** The figures that changed, in register order. */
  lines: z.array(ZVarianceLine),
});
export type TVarianceEmployee = z.infer<typeof ZVarianceEmployee>;

const ZRunRef = z.object({ runId: ZId, month: z.string(), status: z.string() });

export const ZVariance = z.object({
  currency: z.string(),
  run: ZRunRef,
  /** The run compared with: the latest earlier run that has lines (normally last month's), approved or not; null when there is none. */
  previous: ZRunRef.nullable(),
  /** Every figure of either run, totalled over its employees, with the change. */
  totals: z.array(ZVarianceLine),
  counts: z.object({
    previous: z.number().int(), current: z.number().int(), joiners: z.number().int(), leavers: z.number().int(),
    changed: z.number().int(), unchanged: z.number().int(),
  }),
  /** Employees whose pay changed (joiners and leavers included), largest change in gross pay first, a page at a time. */
  employees: z.object({ rows: z.array(ZVarianceEmployee), page: z.number().int(), limit: z.number().int(), totalRecords: z.number().int() }),
});
export type TVariance = z.infer<typeof ZVariance>;
