import type { TRemittanceStatus, TTrackedRemittanceKind } from '@bizdesk/contract';

/**
 * When each authority must be paid, as rules with their sources (issue 31 item 5; sources and what could not be
 * confirmed: docs/decisions.md, "Remittance due dates"). A rule gets the period (YYYY-MM, or YYYY for ITF), the day
 * salaries were paid (rules that count from it) and the business's public holidays (rules that count working days).
 * No rule moves a date that falls on a weekend: the statutes name a day, not a banking day.
 */
export type TDueContext = {
  period: string;
  /** The local date salaries were paid: the run's paid date, or its approval date when it was not marked paid. */
  salariesPaidOn: string;
  salariesBasis: 'salaries-paid' | 'approval';
  /** Dates (YYYY-MM-DD) that are not working days besides Saturdays and Sundays. */
  holidays: ReadonlySet<string>;
};
export type TDue = { date: string; basis: 'fixed' | 'salaries-paid' | 'approval' };
type TRule = { authority: string; source: string; dueOf: (c: TDueContext) => TDue };

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** The given day of the month after the period's month (clamped to that month's last day). */
const dayOfNextMonth = (period: string, day: number) => {
  const [y, m] = period.split('-').map(Number);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return ymd(ny, nm, Math.min(day, daysIn(ny, nm)));
};
const fixed = (date: string): TDue => ({ date, basis: 'fixed' });

export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The `n`th working day after `date` (not counting `date`): weekends and the given holidays are skipped. */
export const addWorkingDays = (date: string, n: number, holidays: ReadonlySet<string>) => {
  let d = date;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6 && !holidays.has(d)) left -= 1;
  }
  return d;
};

/** The same day one calendar month later (31 January → 28/29 February). */
const oneMonthAfter = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return ymd(ny, nm, Math.min(d, daysIn(ny, nm)));
};

export const DUE_RULES: Record<TTrackedRemittanceKind, TRule> = {
  // Personal Income Tax Act (Cap P8 LFN 2004, as amended 2011) s.81 and the PAYE Regulations: tax deducted is remitted
  // to the State IRS of the employee's residence by the 10th day of the month after the deduction (FIRS: "the due date
  // for remittance of PAYE is 10th day of every succeeding month"). The Nigeria Tax Administration Act 2025 keeps the
  // monthly remittance; no other day was found in it.
  'ng-paye': { authority: 'PAYE (State IRS)', source: 'PITA s.81; FIRS PIT guide', dueOf: (c) => fixed(dayOfNextMonth(c.period, 10)) },
  // Pension Reform Act 2014 s.11 (PenCom: "not later than 7 working days from the day the employee is paid his salary"),
  // employee and employer contributions together, to each employee's PFA.
  'ng-pension': {
    authority: 'Pension (PFA)', source: 'Pension Reform Act 2014 s.11',
    dueOf: (c) => ({ date: addWorkingDays(c.salariesPaidOn, 7, c.holidays), basis: c.salariesBasis }),
  },
  // National Housing Fund Act (1992; 2018 re-enactment bill): deductions are remitted to the Federal Mortgage Bank "not
  // later than one month from the date of deduction" — the deduction is made when salaries are paid.
  'ng-nhf': { authority: 'NHF (Federal Mortgage Bank)', source: 'National Housing Fund Act', dueOf: (c) => ({ date: oneMonthAfter(c.salariesPaidOn), basis: c.salariesBasis }) },
  // Employees' Compensation Act 2010: 1% of the monthly payroll, paid monthly. The Act names no day; NSITF's
  // practice (the 16th of the following month) is used and marked unconfirmed in the decisions.
  'ng-nsitf': { authority: 'NSITF (Employees\' Compensation)', source: 'Employees\' Compensation Act 2010 (day: NSITF practice, unconfirmed)', dueOf: (c) => fixed(dayOfNextMonth(c.period, 16)) },
  // Industrial Training Fund (Amendment) Act 2011 s.6: 1% of the year's payroll "not later than 1 April of the following year".
  'ng-itf': { authority: 'ITF', source: 'Industrial Training Fund (Amendment) Act 2011 s.6', dueOf: (c) => fixed(`${Number(c.period.slice(0, 4)) + 1}-04-01`) },
  // Income Tax Act 2015 (Act 896) and the Income Tax Regulations 2016 (L.I. 2244): PAYE withheld is paid to the GRA by the 15th of the following month.
  'gh-paye': { authority: 'PAYE (GRA)', source: 'Income Tax Act 2015 (Act 896); GRA', dueOf: (c) => fixed(dayOfNextMonth(c.period, 15)) },
  // National Pensions Act 2008 (Act 766), as SSNIT states the employer's obligation: tier 1 "not later than the 14th day of the ensuing month".
  'gh-ssnit-tier1': { authority: 'SSNIT tier 1', source: 'National Pensions Act 2008 (Act 766); SSNIT', dueOf: (c) => fixed(dayOfNextMonth(c.period, 14)) },
  // NPRA Guidelines for the payment of monthly contributions (NPRA/GD/PAY/01/13) §4.2: the 5% to the tier 2 trustee
  // "within fourteen (14) days from the end of each month".
  'gh-ssnit-tier2': { authority: 'SSNIT tier 2 (trustee)', source: 'NPRA/GD/PAY/01/13 §4.2', dueOf: (c) => fixed(dayOfNextMonth(c.period, 14)) },
  // Withholding tax on supplier payments (issue 35). Nigeria: the Deduction of Tax at Source (Withholding) Regulations
  // 2024 require the tax deducted to be remitted by the 21st day of the month after the deduction (CITA s.82 / PITA s.74
  // as applied by the Regulations; FIRS: "on or before the 21st day of the month following"). The payee is the FIRS
  // (companies) or the State IRS (individuals). Ghana: Income Tax Act 2015 (Act 896) s.117 — tax withheld is paid to the
  // GRA within 15 days after the end of the month of the payment (https://gra.gov.gh/portfolio/withholding-tax/).
  'ng-wht': { authority: 'Withholding tax', source: 'Deduction of Tax at Source (Withholding) Regulations 2024: 21st of the following month', dueOf: (c) => fixed(dayOfNextMonth(c.period, 21)) },
  'gh-wht': { authority: 'Withholding tax (GRA)', source: 'Income Tax Act 2015 (Act 896) s.117: 15th of the following month', dueOf: (c) => fixed(dayOfNextMonth(c.period, 15)) },
};

/** Paid in full; else past its due date with something outstanding; else partly paid; else simply due. */
export const statusOf = (dueMinor: number, paidMinor: number, today: string, dueDate: string): TRemittanceStatus => {
  if (paidMinor >= dueMinor) return 'paid';
  if (today > dueDate) return 'overdue';
  return paidMinor > 0 ? 'part-paid' : 'due';
};
