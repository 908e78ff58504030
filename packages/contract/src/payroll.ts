import { z } from 'zod';
import { ZId, ZPageQuery } from './common.ts';
import { ZPayslipModel } from './payslip.ts';
import { IDENTIFIER_FORMATS, normalizeGhanaCard, normalizeNhfNumber, normalizeRsaPin, normalizeSsnitNumber } from './statutory.ts';
import { ZRunApproval } from './payroll-approval.ts';
import { ZRunKind } from './run-kinds.ts';

/**
 * Payroll amounts arrive as decimal text in major units ("1500000", "38686.67"), never as a JSON
 * number, so no amount passes through a binary float on its way to integer minor units.
 */
export const ZMoneyText = z.string({ message: 'must be an amount written as text, such as "1500000" or "38686.67"' }).trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimal places, such as "1500000" or "38686.67"');
const ZMajorAmount = ZMoneyText;

/** A pay month as `YYYY-MM` (2000-01 to 2100-12). */
export const ZMonth = z.string().trim().regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, such as 2026-05');
export type TMonth = z.infer<typeof ZMonth>;

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const ZPercent = z.union([z.number(), z.string().trim()])
  .refine((v) => PERCENT.test(String(v)) && Number(v) <= 100, 'must be a percentage between 0 and 100 with at most 2 decimals');
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

/** An identifier of a fixed format: checked here, stored normalised by the server (null clears). */
const identifier = (normalize: (text: string) => string | null, format: string) =>
  z.string().trim().max(40, 'must be at most 40 characters').refine((v) => v === '' || normalize(v) !== null, `must be written as ${format}`).nullish();

export const PENSION_BASES = ['gross', 'basic-housing-transport'] as const;

/** payment-settings/{id}: everything optional; null clears. Amounts in major units. */
export const ZPaySettingsInput = z.object({
  grossIncome: ZMajorAmount.nullish().describe('annual gross, major units'),
  grossEffectiveMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM').optional()
    .describe('issue 32: the month a new gross takes effect (default the current month); an earlier month already paid gives arrears on the next run'),
  split: z.object({ basic: ZPercent, housing: ZPercent, transport: ZPercent }).nullish().describe('overrides the country split (percentages)'),
  bankName: optionalText(120),
  bankCode: z.string().trim().regex(/^\d{3,6}$/, 'must be the bank\'s code: 3 to 6 digits').nullish(),
  accountNumber: z.string().trim().regex(/^\d{6,20}$/, 'must be 6 to 20 digits').nullish(),
  accountName: optionalText(160),
  payDay: z.number().int('must be a whole day').min(1, 'must be between 1 and 31').max(31, 'must be between 1 and 31').optional(),
  pensionBase: z.enum(PENSION_BASES, { message: `must be one of: ${PENSION_BASES.join(', ')}` }).nullish(),
  pensionRate: ZPercent.nullish(),
  pensionFundAdministrator: optionalText(120).describe('Nigeria: a PenCom-licensed PFA, by code or name (NG_PFAS)'),
  stateOfResidence: optionalText(80).describe('Nigeria: one of NG_STATES ("Lagos State", "lagos" are accepted)'),
  nhf: z.boolean({ message: 'must be true or false' }).optional(),
  tin: z.string().trim().max(40, 'must be at most 40 characters').nullish().describe('Nigeria: JTB/FIRS TIN or NIN; Ghana: GRA TIN or Ghana Card number'),
  rsaPin: identifier(normalizeRsaPin, IDENTIFIER_FORMATS.rsaPin).describe('Nigeria: RSA PIN'),
  nhfNumber: identifier(normalizeNhfNumber, IDENTIFIER_FORMATS.nhfNumber).describe('Nigeria: NHF number'),
  ghanaCardNumber: identifier(normalizeGhanaCard, IDENTIFIER_FORMATS.ghanaCard).describe('Ghana: Ghana Card number'),
  ssnitNumber: identifier(normalizeSsnitNumber, IDENTIFIER_FORMATS.ssnitNumber).describe('Ghana: SSNIT number'),
  region: optionalText(80).describe('Ghana: one of GH_REGIONS'),
  tier3Employee: ZPercent.nullish().describe('Ghana: voluntary tier 3, employee, % of basic'),
  tier3Employer: ZPercent.nullish().describe('Ghana: voluntary tier 3, employer, % of basic'),
  nhis: ZMajorAmount.nullish().describe('monthly health insurance deduction'),
  lifeAssurance: ZMajorAmount.nullish().describe('annual premium'),
  rent: ZMajorAmount.nullish().describe('declared annual rent'),
  mortgageInterest: ZMajorAmount.nullish().describe('annual interest on an owner-occupied house loan'),
}).strict().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one setting to change');
export type TPaySettingsInput = z.infer<typeof ZPaySettingsInput>;

export const ZPaySettings = z.object({
  employeeId: ZId,
  employeeNumber: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  grossIncomeMinor: z.number().int().nullable(),
  split: z.object({ basic: z.number(), housing: z.number(), transport: z.number() }).nullable(),
  bankName: z.string().nullable(),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  payDay: z.number().int().nullable(),
  pensionBase: z.string().nullable(),
  pensionRate: z.number().nullable(),
  pensionFundAdministrator: z.string().nullable(),
  stateOfResidence: z.string().nullable(),
  nhf: z.boolean(),
  tin: z.string().nullable(),
  rsaPin: z.string().nullable(),
  nhfNumber: z.string().nullable(),
  ghanaCardNumber: z.string().nullable(),
  ssnitNumber: z.string().nullable(),
  region: z.string().nullable(),
  tier3Employee: z.number(),
  tier3Employer: z.number(),
  /** The licensed PFA's name for the stored code (or a stored legacy text that names one); null when not listed. */
  pensionFundAdministratorName: z.string().nullable(),
  /** Stored values outside the closed lists (a legacy free-text PFA, state or region): shown, flagged, kept until changed. */
  unlisted: z.array(z.enum(['pensionFundAdministrator', 'stateOfResidence', 'region'])),
  nhisMinor: z.number().int(),
  lifeAssuranceMinor: z.number().int(),
  rentMinor: z.number().int(),
  mortgageInterestMinor: z.number().int(),
});
export type TPaySettings = z.infer<typeof ZPaySettings>;

export const ZGrossModify = z.object({ modifiedGrossIncome: ZMajorAmount, effectiveDate: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').optional() });
export const ZGrossChange = z.object({ previousMinor: z.number().int().nullable(), grossMinor: z.number().int(), effectiveDate: z.string(), changedAt: z.string() });

/** `{value}` of allowance / overtimeAdder / IOU: major units, > 0, at most 2 decimals. */
export const ZPeriodItemParams = z.object({ id: ZId, value: z.string() });
export const ZMonthQuery = z.object({ month: ZMonth.optional() });
export const PERIOD_ITEM_KINDS = ['allowance', 'overtime', 'iou'] as const;
export const ZPeriodItem = z.object({ _id: ZId, employeeId: ZId, month: z.string(), kind: z.enum(PERIOD_ITEM_KINDS), amountMinor: z.number().int(), createdAt: z.string() });

export const ZLoanDetail = z.object({
  principal: ZMajorAmount,
  monthlyRepayment: ZMajorAmount,
  startMonth: ZMonth,
  note: optionalText(500),
}).strict();
export const ZAddLoan = z.object({ employeeId: ZId, loanDetail: ZLoanDetail }).strict();
export const ZUpdateLoan = z.object({ loanId: ZId, loanDetail: ZLoanDetail.partial().strict().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one loan field to change') }).strict();
export const ZUpdateRepayment = z.object({ selectedMonth: ZMonth, employeeId: ZId, newRepaymentAmount: ZMajorAmount, loanId: ZId.optional() }).strict();
export const LOAN_OFF_ACTIONS = ['settle', 'write-off'] as const;
export const ZLoanOff = z.object({ loanId: ZId, action: z.enum(LOAN_OFF_ACTIONS, { message: 'must be settle or write-off' }), note: optionalText(500) }).strict();
export const LOAN_STATUSES = ['active', 'repaid', 'settled', 'written-off'] as const;
export const ZLoan = z.object({
  _id: ZId, employeeId: ZId, principalMinor: z.number().int(), monthlyRepaymentMinor: z.number().int(), startMonth: z.string(),
  note: z.string().nullable(), balanceMinor: z.number().int(), status: z.enum(LOAN_STATUSES), createdAt: z.string(),
  overrides: z.array(z.object({ month: z.string(), amountMinor: z.number().int() })),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZBulkUpload = z.object({
  selectAll: z.boolean({ message: 'must be true or false' }).optional(),
  selectedEmployeeIds: z.array(ZId).max(50_000, 'must list at most 50000 employees').optional(),
  month: ZMonth.optional(),
}).strict().refine((v) => v.selectAll === true || (v.selectedEmployeeIds?.length ?? 0) > 0, 'send selectAll: true or a non-empty selectedEmployeeIds');

export const RUN_STATUSES = ['draft', 'approved', 'paid'] as const;
/** What the employer pays on top of gross, by kind, for one month (issue 31); GH: `pensionMinor` is SSNIT's employer 13%. */
export const ZEmployerByKind = z.object({
  pensionMinor: z.number().int(), nsitfMinor: z.number().int(), itfMinor: z.number().int(), tier3Minor: z.number().int(),
});
export type TEmployerByKind = z.infer<typeof ZEmployerByKind>;
export const ZRunTotals = z.object({
  employees: z.number().int(), grossMinor: z.number().int(), taxMinor: z.number().int(), pensionMinor: z.number().int(),
  deductionsMinor: z.number().int(), netMinor: z.number().int(),
  /** Employer contributions of the month (sum of `employerByKind`). */
  employerMinor: z.number().int(),
  /** Gross + this month's allowances and overtime. */
  grossPayMinor: z.number().int(),
  employerByKind: ZEmployerByKind,
  /** What the run costs the employer: grossPayMinor + employerMinor. */
  employerCostMinor: z.number().int(),
});
export const ZRunJob = z.object({ _id: ZId, status: z.string(), phase: z.string(), processed: z.number().int(), total: z.number().int(), progress: z.number().int(), message: z.string().nullable() });
export type TRunJob = z.infer<typeof ZRunJob>;
export const ZRun = z.object({
  _id: ZId, month: z.string(), status: z.enum(RUN_STATUSES), currency: z.string(),
  members: z.number().int(), computedAt: z.string().nullable(), isStale: z.boolean(),
  preparedBy: z.string().nullable(), preparedById: z.string().nullable(), approvedBy: z.string().nullable(), approvedAt: z.string().nullable(), paidAt: z.string().nullable(),
  totals: ZRunTotals, job: ZRunJob.nullable(),
  /** Why the owner approved a run they prepared (issue 32), shown on the run; null otherwise. */
  selfApprovalReason: z.string().nullable().optional(),
  /** The caller's position on a draft run (can they approve it, why not); null once approved. */
  approval: ZRunApproval.nullable().optional(),
  /** Issue 32: the regular month's run or an off-cycle run (bonus, 13th month, correction) with its label and title. */
  kind: ZRunKind.optional(),
  label: z.string().nullable().optional(),
  title: z.string().optional(),
});
export type TRun = z.infer<typeof ZRun>;
export const ZRunIdParams = z.object({ runId: ZId });
export const ZMonthParams = z.object({ month: ZMonth });

/** One line of a run; amounts in minor units of the business's currency for this month. */
export const ZRunLine = z.object({
  _id: ZId, runId: ZId, employeeId: ZId, employeeNumber: z.string(), name: z.string(), department: z.string().nullable(),
  grossMinor: z.number().int(), taxMinor: z.number().int(), pensionMinor: z.number().int(), otherDeductionsMinor: z.number().int(),
  allowanceMinor: z.number().int(), overtimeMinor: z.number().int(), loanRepaymentMinor: z.number().int(), iouMinor: z.number().int(),
  netMinor: z.number().int(), isPublished: z.boolean(), emailedAt: z.string().nullable(),
});
export type TRunLine = z.infer<typeof ZRunLine>;

/** The stored snapshot a payslip shows: the engine's outputs and breakdown in major units, plus who and when. */
/** One contribution the employer pays for this employee this month, on top of pay (never deducted). */
export const ZPayslipEmployerItem = z.object({ kind: z.string().describe('pension, nsitf, itf, tier3 (or an older line\'s code)'), name: z.string(), amountMinor: z.number().int() });
export const ZPayslipEmployer = z.object({ items: z.array(ZPayslipEmployerItem), totalMinor: z.number().int() });
export type TPayslipEmployer = z.infer<typeof ZPayslipEmployer>;
export const ZPayslip = z.object({
  _id: ZId, month: z.string(), currency: z.string(), status: z.string(), isPublished: z.boolean(), publishedAt: z.string().nullable(),
  businessName: z.string(),
  employee: z.object({ _id: ZId, name: z.string(), employeeNumber: z.string(), department: z.string().nullable(), bankName: z.string().nullable(), accountNumber: z.string().nullable() }),
  outputs: z.record(z.string(), z.number()),
  breakdown: z.unknown(),
  netMinor: z.number().int(),
  /** The month's employee pension and other statutory deductions (NHF, NHIS) as stored on the line (the PDF's rows). */
  pensionMinor: z.number().int(),
  otherDeductionsMinor: z.number().int(),
  /** "Paid by your employer": this month's employer contributions, outside the net-pay sum. */
  employer: ZPayslipEmployer,
  /** The one payslip model (payslip.ts): every line, totals that sum to net, year to date; what the page renders. */
  model: ZPayslipModel,
});
export type TPayslip = z.infer<typeof ZPayslip>;
export const ZPortalPayslip = z.object({
  _id: ZId, month: z.string(), currency: z.string(), netMinor: z.number().int(), isPublished: z.boolean(), publishedAt: z.string().nullable(),
  /** Issue 32: the run's kind (regular or off-cycle), label and title ("13th month — December 2026"). */
  kind: ZRunKind.optional(), label: z.string().nullable().optional(), title: z.string().optional(),
});

export const ZPaySummaryQuery = z.object({
  year: z.coerce.number().int('must be a year').min(2000, 'must be between 2000 and 2100').max(2100, 'must be between 2000 and 2100').optional(),
  month: ZMonth.optional().describe('the month whose department costs are shown (default: the latest computed run of the year)'),
});
export const ZPaySummary = z.object({
  year: z.number().int(),
  months: z.array(z.object({
    month: z.string(), status: z.string(), employees: z.number().int(), grossMinor: z.number().int(), taxMinor: z.number().int(), pensionMinor: z.number().int(), netMinor: z.number().int(),
    /** Gross + allowances and overtime; employer contributions; and their sum, the month's cost to the employer. */
    grossPayMinor: z.number().int(), employerMinor: z.number().int(), employerCostMinor: z.number().int(),
  })),
  /** The month `departments` (and the per-employee costs by default) are for; null when the year has no computed run. */
  costMonth: z.string().nullable(),
  /** Cost to the employer by department: gross pay + allowances and overtime + employer contributions. */
  departments: z.array(z.object({ department: z.string(), employees: z.number().int(), costMinor: z.number().int() })),
});
export type TPaySummary = z.infer<typeof ZPaySummary>;

/** One employee's cost to the employer in a month's run (pay summary). */
export const ZEmployeeCost = z.object({
  _id: ZId, employeeId: ZId, employeeNumber: z.string(), name: z.string(), department: z.string().nullable(),
  grossPayMinor: z.number().int(), employerMinor: z.number().int(), employerCostMinor: z.number().int(),
});
export type TEmployeeCost = z.infer<typeof ZEmployeeCost>;
export const ZEmployeeCostQuery = ZPageQuery.extend({ month: ZMonth });

export const ZEmployeePay = z.object({ settings: ZPaySettings, loans: z.array(ZLoan), grossHistory: z.array(ZGrossChange), items: z.array(ZPeriodItem) });

/** Payroll's own texts (spec silent); the spec's finance messages are in MSG. */
export const PAY_MSG = {
  settingsSaved: 'Pay settings saved',
  iouAdded: 'IOU added successfully',
  loanAdded: 'Loan added successfully',
  loanUpdated: 'Loan updated successfully',
  loanSettled: 'Loan settled',
  loanWrittenOff: 'Loan written off',
  employeesAdded: 'Employees added to the run',
  computeStarted: 'The run is being computed',
  runApproved: 'Payroll run approved',
  runPaid: 'Payroll run marked as paid',
  slipPublished: 'Payslip published',
  slipRemoved: 'Payslip withdrawn',
  slipsPublished: 'Payslips published',
  scheduleReset: "The employee's pay for the month was reset to their settings",
  runLocked: 'This run is approved and locked: nothing in it can change. Changes go into the next month\'s run.',
  approverIsPreparer: 'The person who prepared this run cannot approve it. Ask the owner or another user with Accounts-access and Approvals-access.',
  runRejected: (reason: string) => `This run was rejected (${reason}). It stays rejected until it is changed and computed again; then it goes back to the approvers.`,
} as const;
