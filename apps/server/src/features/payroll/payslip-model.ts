import { runTitle, type TPayslipEmployer, TPayslipLine, TPayslipModel, TPayslipSection } from '@bizdesk/contract';
import { divideHalfUp, type PayBreakdown, type PayLine } from '@bizdesk/payroll';

/** The kinds of employer contribution a payslip names, in its order, with the stored statutory figure each comes from. */
const KINDS = [
  { kind: 'pension', key: 'pensionEmployer' },
  { kind: 'nsitf', key: 'nsitf' },
  { kind: 'itf', key: 'itf' },
  { kind: 'tier3', key: 'tier3Employer' },
] as const;

/** English names (the PDF's; the web names each kind in the reader's language). Ghana's employer pension is SSNIT's 13%. */
const NAMES: Record<string, string> = {
  pension: 'Pension (employer contribution)',
  'pension-GH': 'SSNIT (employer contribution, 13%)',
  nsitf: 'NSITF (Employees\' Compensation Act)',
  itf: 'ITF (Industrial Training Fund)',
  tier3: 'Tier 3 pension (employer contribution)',
};

/**
 * "Paid by your employer": what the employer pays on top of this employee's pay this month, from the stored line
 * only. A line with the statutory figures (issue 31) lists each kind above 0 and their total; an older one lists the
 * breakdown's employer contributions (Ghana's SSNIT employer part; Nigeria had none) as a month's share, totalling
 * its employer_cost. Never part of the net-pay sum.
 */
export const toPayslipEmployer = (breakdown: PayBreakdown, employerCostMinor: number): TPayslipEmployer => {
  const st = breakdown.statutory;
  if (st) {
    const country = breakdown.regime.country;
    const items = KINDS.filter(({ key }) => st[key] > 0)
      .map(({ kind, key }) => ({ kind, name: NAMES[`${kind}-${country}`] ?? NAMES[kind]!, amountMinor: st[key] }));
    return { items, totalMinor: st.employerTotal };
  }
  const monthly = (amount: number) => (breakdown.basis === 'annual' ? divideHalfUp(amount, 12) : amount);
  const items = (breakdown.employerContributions ?? []).filter((c) => c.amount > 0).map((c) => ({
    ...(c.code === 'ssnit-employer' ? { kind: 'pension', name: NAMES['pension-GH']! } : { kind: c.code, name: c.legalName }),
    amountMinor: monthly(c.amount),
  }));
  return { items, totalMinor: employerCostMinor };
};

/** What a payslip is built from: a stored run line (its columns, minor units) and the engine's result it keeps. */
export type TPayslipSource = {
  id: string; month: string; gross: string; tax: string; pension: string; other_deductions: string; net: string; employer_cost: string;
  result: { outputs: Record<string, number>; breakdown: unknown };
};

type TItem = { code: string; kind: TPayslipLine['kind']; name: string; amountMinor: number };
type TMonthLines = { earnings: TItem[]; deductions: TItem[]; employer: TItem[]; net: number };

/** The most a line's rounding can differ from its net: each monthly figure of a yearly basis is rounded once (half a minor unit each). */
const MAX_ROUNDING = 10;

const sum = (items: Array<{ amountMinor: number }>) => items.reduce((s, i) => s + i.amountMinor, 0);

/** Thrown when a payslip's lines do not sum to its net: a bug in whatever produced the line, never shown as a wrong payslip. */
export class PayslipMismatchError extends Error {}

/**
 * One month's lines from a stored run line. The line's own columns are the truth for what was paid and remitted (gross,
 * tax, pension, other statutory deductions, net); the breakdown says how each splits into named lines. Every figure of
 * a yearly basis (Nigeria) is a month's share: where the shares' rounding leaves a minor unit over, the largest salary
 * component (or the last statutory deduction) takes it, so each group equals its column, and a last difference to the
 * stored net (at most a few minor units) is a "Rounding" line. Anything larger is a bug and throws.
 */
export const toPayslipMonth = (row: TPayslipSource): TMonthLines => {
  const b = row.result.breakdown as PayBreakdown & { periodEarnings?: PayLine[] };
  const monthly = (amount: number) => (b.basis === 'annual' ? divideHalfUp(amount, 12) : amount);
  const gross = Number(row.gross);

  const earnings: TItem[] = [];
  const split = (b.split ?? []).filter((s) => s.amount !== 0);
  // An off-cycle line (issue 32) pays no salary: its lines are the period earnings below.
  if (split.length === 0 && gross !== 0) earnings.push({ code: 'salary', kind: 'salary', name: 'Monthly salary', amountMinor: gross });
  else {
    const parts = split.map((s) => ({ code: `salary:${s.code}`, kind: 'salary' as const, name: s.name, amountMinor: monthly(s.amount) }));
    const rest = gross - sum(parts);
    const isWhole = split.reduce((s, c) => s + c.amount, 0) === b.grossIncome;
    if (rest !== 0 && isWhole && Math.abs(rest) <= parts.length) {
      const largest = parts.reduce((a, c) => (c.amountMinor > a.amountMinor ? c : a));
      largest.amountMinor += rest;
    } else if (rest !== 0) parts.push({ code: 'salary:other', kind: 'salary', name: isWhole ? 'Salary adjustment' : 'Other pay', amountMinor: rest });
    earnings.push(...parts);
  }
  if (b.oneOff.allowance) earnings.push({ code: 'allowance', kind: 'one-off', name: 'Allowance', amountMinor: b.oneOff.allowance });
  if (b.oneOff.overtime) earnings.push({ code: 'overtime', kind: 'one-off', name: 'Overtime', amountMinor: b.oneOff.overtime });
  if (b.oneOff.bonus) earnings.push({ code: 'bonus', kind: 'one-off', name: 'Bonus', amountMinor: b.oneOff.bonus });
  for (const l of b.periodEarnings ?? []) earnings.push({ code: l.code, kind: 'period', name: l.legalName, amountMinor: l.amount });

  const deductions: TItem[] = [];
  const tax = Number(row.tax);
  const oneOffTax = b.oneOff.tax;
  deductions.push({ code: 'tax', kind: 'tax', name: 'Income tax (PAYE)', amountMinor: tax - oneOffTax });
  if (oneOffTax) deductions.push({ code: 'tax-one-off', kind: 'tax', name: 'Tax on this month\'s one-off pay', amountMinor: oneOffTax });
  const [pension, ...others] = b.deductions ?? [];
  if (pension && Number(row.pension)) deductions.push({ code: pension.code, kind: 'statutory', name: pension.legalName, amountMinor: Number(row.pension) });
  const statutory = others.map((d) => ({ code: d.code, kind: 'statutory' as const, name: d.legalName, amountMinor: monthly(d.amount) }));
  const otherRest = Number(row.other_deductions) - sum(statutory);
  if (otherRest !== 0 && statutory.length > 0 && Math.abs(otherRest) <= statutory.length) statutory[statutory.length - 1]!.amountMinor += otherRest;
  else if (otherRest !== 0) statutory.push({ code: 'statutory-other', kind: 'statutory', name: 'Other statutory deductions', amountMinor: otherRest });
  deductions.push(...statutory.filter((d) => d.amountMinor !== 0));
  for (const l of b.periodDeductions ?? []) deductions.push({ code: l.code, kind: 'period', name: l.legalName, amountMinor: l.amount });

  const net = Number(row.net);
  const rounding = net - (sum(earnings) - sum(deductions));
  if (rounding !== 0) {
    if (Math.abs(rounding) > MAX_ROUNDING) {
      throw new PayslipMismatchError(`payslip ${row.id} (${row.month}) does not add up: earnings ${sum(earnings)} − deductions ${sum(deductions)} ≠ net ${net}`);
    }
    earnings.push({ code: 'rounding', kind: 'rounding', name: 'Rounding', amountMinor: rounding });
  }
  const employer = toPayslipEmployer(b, Number(row.employer_cost)).items.map((c) => ({ code: c.kind, kind: 'employer' as const, name: c.name, amountMinor: c.amountMinor }));
  return { earnings, deductions, employer, net };
};

/** This month's lines with their year-to-date sums; a line met earlier in the year but not this month is listed with 0. */
const withYtd = (current: TItem[], months: TItem[][]): TPayslipSection => {
  const ytd = new Map<string, TItem>();
  for (const items of months) {
    for (const i of items) {
      const seen = ytd.get(i.code);
      if (seen) seen.amountMinor += i.amountMinor;
      else ytd.set(i.code, { ...i });
    }
  }
  const items: TPayslipLine[] = current.map((i) => ({ ...i, ytdMinor: ytd.get(i.code)?.amountMinor ?? i.amountMinor }));
  const listed = new Set(current.map((i) => i.code));
  for (const [code, i] of ytd) if (!listed.has(code) && i.amountMinor !== 0) items.push({ ...i, amountMinor: 0, ytdMinor: i.amountMinor });
  return { items, totalMinor: sum(items), ytdMinor: items.reduce((s, i) => s + i.ytdMinor, 0) };
};

/**
 * The payslip model of one stored line. `year` holds the employee's lines of the year's approved (or paid) runs up
 * to and including this month; the line itself counts whatever its run's state (a draft previewed by pay roles).
 * Both columns are checked to sum to net: a model that does not add up is never returned.
 */
export const buildPayslipModel = (line: TPayslipSource & { currency: string; run_kind?: string; run_label?: string | null }, year: TPayslipSource[], logoPath: string | null): TPayslipModel => {
  const rows = year.some((r) => r.id === line.id) ? year : [...year, line];
  const months = rows.map((r) => (r.id === line.id ? { row: r, lines: null } : { row: r, lines: toPayslipMonth(r) }));
  const current = toPayslipMonth(line);
  const all = months.map((m) => m.lines ?? current);
  const earnings = withYtd(current.earnings, all.map((m) => m.earnings));
  const deductions = withYtd(current.deductions, all.map((m) => m.deductions));
  const employer = withYtd(current.employer, all.map((m) => m.employer));
  const net = { amountMinor: current.net, ytdMinor: all.reduce((s, m) => s + m.net, 0) };
  if (earnings.totalMinor - deductions.totalMinor !== net.amountMinor || earnings.ytdMinor - deductions.ytdMinor !== net.ytdMinor) {
    throw new PayslipMismatchError(`payslip ${line.id} (${line.month}) does not add up to its net`);
  }
  const settlement = (line.result.breakdown as { settlement?: TPayslipModel['settlement'] }).settlement ?? null;
  return {
    month: line.month, currency: line.currency, ytdMonths: [...new Set(rows.map((r) => r.month))].sort(),
    earnings, deductions, net, employer, logoPath, settlement,
    run: { kind: line.run_kind ?? 'regular', label: line.run_label ?? null, title: runTitle({ kind: line.run_kind ?? 'regular', label: line.run_label, month: line.month }) },
  };
};
