import { computePayMinor, divideHalfUp, PayrollInputError, type PayInput, type PayResult, type PayStatutory } from '@bizdesk/payroll';
import type { TComputeRow, TLineInsert, TSettingsRow } from './payroll.repo.ts';
import { applyStructure, type TStructureColumns } from './structures/compute.ts';
import { settleFinal, withEventFigures, withMonthEvent, type TMonthEvent, type TSettlement } from './month-events.ts';
import { findPfa, GH_REGIONS, NG_STATES, type TPaySettings } from '@bizdesk/contract';

/** Integer minor units → major-unit text ("38686.67"), by integer arithmetic, for the engine's input. */
export const minorText = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const num = (v: string | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const bpText = (bp: number) => minorText(bp); // basis points read as a percentage with 2 decimals (750 → "7.50")

/** `YYYY-MM` of today in the business's time zone: the open month when none is named. */
export const currentMonth = (timeZone: string, now = new Date()) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};

/** The business's own statutory answers (on a compute row); absent → the law's minimum and not ITF-liable. */
type TBusinessStatutory = Partial<Pick<TComputeRow, 'employer_pension_rate_bp' | 'is_itf_liable'>>;

/** The engine's input for one employee and month, from their stored settings, the business's statutory answers and this month's items. */
export const toPayInput = (country: string, month: string, row: TSettingsRow & TBusinessStatutory & Partial<TStructureColumns>, extra: { allowance?: number; overtime?: number; iou?: number; loanRepayment?: number } = {}): PayInput => {
  const [year, m] = month.split('-').map(Number);
  const input: PayInput = {
    country,
    period: { year, month: m },
    grossAnnual: minorText(num(row.gross_income)),
    nhf: row.nhf ?? false,
    nhisMonthly: minorText(num(row.nhis_monthly)),
    lifeAssuranceAnnual: minorText(num(row.life_assurance_annual)),
    mortgageInterestAnnual: minorText(num(row.mortgage_interest_annual)),
    rentAnnual: minorText(num(row.rent_annual)),
    allowance: minorText(extra.allowance ?? 0),
    overtime: minorText(extra.overtime ?? 0),
    iou: minorText(extra.iou ?? 0),
    loanRepayment: minorText(extra.loanRepayment ?? 0),
  };
  if (row.split) input.split = { basic: bpText(row.split.basic), housing: bpText(row.split.housing), transport: bpText(row.split.transport) };
  if (row.pension_base) input.pensionBase = row.pension_base as PayInput['pensionBase'];
  if (row.pension_rate_bp !== null && row.pension_rate_bp !== undefined) input.pensionRate = bpText(row.pension_rate_bp);
  // Nigeria's employer pension rate and ITF test are the business's; the engine refuses them for other countries.
  if (country === 'NG') {
    if (row.employer_pension_rate_bp !== null && row.employer_pension_rate_bp !== undefined) input.employerPensionRate = bpText(row.employer_pension_rate_bp);
    input.isItfLiable = row.is_itf_liable === true; // null: the owner has not answered the ITF test, so nothing is charged
  }
  // Ghana's voluntary tier 3: a rate left on a non-Ghanaian employee means nothing there and must not block the run.
  if (country === 'GH') {
    if (row.tier3_employee_bp) input.tier3EmployeeRate = bpText(row.tier3_employee_bp);
    if (row.tier3_employer_bp) input.tier3EmployerRate = bpText(row.tier3_employer_bp);
  }
  return applyStructure(input, row); // issue 32: structure split/pension base and recurring items
};

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/**
 * The month's employer contributions by kind, stored beside the line's JSON so the run's totals read no JSON. A result
 * without statutory figures counts its employer cost as pension (as the totals always read such a line).
 */
export const employerColumns = (st: Pick<PayStatutory, 'pensionEmployer' | 'nsitf' | 'itf' | 'tier3Employer'> | undefined, employerCost: number) => ({
  employer_pension: st ? st.pensionEmployer : employerCost, employer_nsitf: st ? st.nsitf : 0, employer_itf: st ? st.itf : 0, employer_tier3: st ? st.tier3Employer : 0,
});

/** A line of a run from the engine's result (minor units); the engine is the only source of every figure. */
export const toLine = (row: TComputeRow, result: PayResult, loans: Array<{ loanId: string; amount: number }>): TLineInsert => {
  const b = result.breakdown;
  const pension = b.deductions[0]?.amount ?? 0; // the engine lists the pension first
  const otherStatutory = b.deductions.slice(1).reduce((s, d) => s + d.amount, 0);
  // The employer's cost of the month: the engine's statutory total (pension/SSNIT, NSITF, ITF, tier 3), already monthly.
  const employer = b.statutory?.employerTotal ?? 0;
  // The breakdown is in the rule set's basis (a year for Nigeria); a month's share is the engine's own half-up division.
  const monthly = (amount: number) => (b.basis === 'annual' ? divideHalfUp(amount, 12) : amount);
  return {
    employee_id: row.employee_id, employee_number: row.employee_number, name: fullName(row), email: row.email, department: row.department,
    bank_name: row.bank_name, bank_code: row.bank_code, account_number: row.account_number, account_name: row.account_name,
    pension_fund_administrator: row.pension_fund_administrator, state_of_residence: row.state_of_residence,
    gross: result.monthlySalary,
    tax: result.monthlyTaxPayable + b.oneOff.tax,
    pension: monthly(pension),
    other_deductions: monthly(otherStatutory),
    allowance: b.oneOff.allowance,
    overtime: b.oneOff.overtime,
    loan_repayment: loans.reduce((s, l) => s + l.amount, 0),
    iou: b.periodDeductions.find((d) => d.code === 'iou')?.amount ?? 0,
    employer_cost: employer,
    ...employerColumns(b.statutory, employer),
    net: result.totalMonthlySalary,
    ...periodColumns(b),
    result: { outputs: outputsOf(result), breakdown: b, loans },
  };
};

/** The engine's outputs without the breakdown (same keys, same order). */
const outputsOf = (result: PayResult) => {
  const { breakdown: _breakdown, ...outputs } = result;
  return outputs;
};

/** Issue 32: the line's recurring earnings and its named deductions other than loans and IOUs (stored for totals). */
const periodColumns = (b: PayResult['breakdown']) => ({
  earnings: (b.periodEarnings ?? []).reduce((s, l) => s + l.amount, 0),
  period_deductions: b.periodDeductions.reduce((s, l) => (l.code === 'loan-repayment' || l.code === 'iou' ? s : s + l.amount), 0),
});

/** Computes one member's line, or the reason it cannot be computed (named for the person); `event`: the month's events (month-events.ts). */
export const computeLine = (country: string, month: string, row: TComputeRow, loans: Array<{ id: string; balance: string; repayment: string }>, event?: TMonthEvent, arrears?: { amount: number; legalName: string }) => {
  const label = `${row.employee_number} ${fullName(row)}`;
  if (row.deleted) return { error: `${label}: was deleted; take them off the run` };
  if (row.gross_income === null || Number(row.gross_income) <= 0) return { error: `${label}: has no gross income; set it under pay settings` };
  if (event?.error) return { error: `${label}: ${event.error}` };
  let repayments = loans.map((l) => ({ loanId: l.id, amount: Math.min(Number(l.repayment), Number(l.balance)) })).filter((l) => l.amount > 0);
  const loanRepayment = repayments.reduce((s, l) => s + l.amount, 0);
  try {
    let input = withMonthEvent(toPayInput(country, month, row, { allowance: Number(row.allowance), overtime: Number(row.overtime), iou: Number(row.iou), loanRepayment }), event);
    if (arrears && arrears.amount > 0) input = { ...input, arrears: { amount: minorText(arrears.amount), legalName: arrears.legalName } }; // issue 32: back-dated revision
    let settlement: TSettlement | null = null;
    if (event?.exit) {
      const settled = settleFinal(input, loans, Number(row.iou));
      ({ input, repayments } = settled);
      settlement = { ...event.exit, leavePayoutDays: event.leavePayoutDays ?? 0, outstandingLoansMinor: settled.outstandingLoansMinor, outstandingIouMinor: settled.outstandingIouMinor };
    }
    const result = computePayMinor(input);
    const line = toLine(row, result, repayments);
    return { line: event ? withEventFigures(line, result, settlement) : line };
  } catch (err) {
    if (err instanceof PayrollInputError) return { error: `${label}: ${err.field} ${err.reason}` };
    throw err;
  }
};

/** NUBAN check digit (CBN): 6-digit institution code (3-digit bank codes padded with 000, 5-digit ones prefixed 9) and 9-digit serial, weights 3,7,3. */
export const isValidNuban = (bankCode: string, accountNumber: string) => {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const code = bankCode.length === 3 ? `000${bankCode}` : bankCode.length === 5 ? `9${bankCode}` : bankCode.length === 6 ? bankCode : null;
  if (!code) return false;
  const digits = `${code}${accountNumber.slice(0, 9)}`;
  const weights = [3, 7, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 3];
  const check = (10 - (sum % 10)) % 10;
  return check === Number(accountNumber[9]);
};

export const toSettings = (r: TSettingsRow): TPaySettings => ({
  employeeId: r.employee_id, employeeNumber: r.employee_number, name: fullName(r), email: r.email, department: r.department,
  grossIncomeMinor: r.gross_income === null ? null : Number(r.gross_income),
  split: r.split ? { basic: r.split.basic / 100, housing: r.split.housing / 100, transport: r.split.transport / 100 } : null,
  bankName: r.bank_name, bankCode: r.bank_code, accountNumber: r.account_number, accountName: r.account_name, payDay: r.pay_day,
  pensionBase: r.pension_base, pensionRate: r.pension_rate_bp === null ? null : r.pension_rate_bp / 100,
  pensionFundAdministrator: r.pension_fund_administrator, stateOfResidence: r.state_of_residence, nhf: r.nhf ?? false,
  tin: r.tin, rsaPin: r.rsa_pin, nhfNumber: r.nhf_number, ghanaCardNumber: r.ghana_card_number, ssnitNumber: r.ssnit_number, region: r.region,
  tier3Employee: (r.tier3_employee_bp ?? 0) / 100, tier3Employer: (r.tier3_employer_bp ?? 0) / 100,
  pensionFundAdministratorName: findPfa(r.pension_fund_administrator)?.name ?? null,
  unlisted: unlistedOf(r),
  nhisMinor: num(r.nhis_monthly), lifeAssuranceMinor: num(r.life_assurance_annual), rentMinor: num(r.rent_annual), mortgageInterestMinor: num(r.mortgage_interest_annual),
});

/** Stored values outside the closed lists: a free-text PFA or state kept from before issue 31, flagged until someone chooses from the list. */
const unlistedOf = (r: TSettingsRow): TPaySettings['unlisted'] => [
  ...(r.pension_fund_administrator && !findPfa(r.pension_fund_administrator) ? ['pensionFundAdministrator' as const] : []),
  ...(r.state_of_residence && !(NG_STATES as readonly string[]).includes(r.state_of_residence) ? ['stateOfResidence' as const] : []),
  ...(r.region && !(GH_REGIONS as readonly string[]).includes(r.region) ? ['region' as const] : []),
];
