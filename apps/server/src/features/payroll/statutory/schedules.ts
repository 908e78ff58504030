import { divideHalfUp, type PayBreakdown, type PayStatutory } from '@bizdesk/payroll';
import type { TRemittanceKind, TSchedule, TScheduleCell, TScheduleColumn, TScheduleRow } from '@bizdesk/contract';
import { pfaName } from '@bizdesk/contract';
import type { TBusinessIds, TScheduleLine } from './statutory.repo.ts';

// The statutory schedules and annual returns as models (DESIGN §7 "Pay documents"): built once from the stored lines
// of approved runs; the screen, CSV, XLSX and PDF only render them, and what is due is their totals.

/** One line's figures for its month, in minor units: the engine's statutory figures, or the line's columns before them. */
export type TFigures = PayStatutory & { basic: number; otherSplit: number };

export const figuresOf = (line: TScheduleLine): TFigures => {
  const b = (line.breakdown ?? null) as PayBreakdown | null;
  const st = b?.statutory ?? undefined;
  const monthly = (amount: number) => (b?.basis === 'annual' ? divideHalfUp(amount, 12) : amount);
  const n = (v: string) => Number(v);
  const basic = b ? monthly((b.split ?? []).find((s) => s.code === 'basic')?.amount ?? 0) : 0;
  const salary = n(line.gross);
  const allowance = n(line.allowance);
  const overtime = n(line.overtime);
  // Lines stored before the statutory pack: the line's own columns, employer figures 0 (they were never computed).
  const fallback: PayStatutory = {
    grossPay: salary + allowance + overtime,
    taxablePay: b?.oneOff ? monthly(b.taxableIncome) + b.oneOff.allowance + b.oneOff.overtime : 0,
    tax: n(line.tax), pensionableBase: 0, pensionEmployee: n(line.pension), pensionEmployer: 0,
    nhf: b ? monthly((b.deductions ?? []).find((d) => d.code === 'nhf')?.amount ?? 0) : 0,
    nsitf: 0, itf: 0, ssnitTier1: 0, ssnitTier2: 0, tier3Employee: 0, tier3Employer: 0, employerTotal: 0,
    allowance, overtime, bonus: 0, bonusTax: 0, bonusExcess: 0, overtimeTax: 0, tier3Relief: 0, tier3EmployerExcess: 0, maximumInsurable: null, employerPensionRate: 0,
  };
  return { ...fallback, ...st, basic, otherSplit: Math.max(0, salary - basic) };
};

// ---------- the generic model ----------

const money = (key: string, label: string): TScheduleColumn => ({ key, label, type: 'money' });
const text = (key: string, label: string): TScheduleColumn => ({ key, label, type: 'text' });
const count = (key: string, label: string): TScheduleColumn => ({ key, label, type: 'number' });
const MISSING: TScheduleColumn = text('missing', 'Missing identifiers');

type TRowInput = { employeeId: string | null; cells: Record<string, TScheduleCell>; missing: string[] };
type TSpec = { kind: string; payee: string; title: string; period: string; header: Array<[string, string]>; columns: TScheduleColumn[]; amountKey: string; sumExcept?: string[] };

/** A schedule from its rows: a serial number, the Missing column, and a totals row summing every money and number column. */
export const makeSchedule = (spec: TSpec, input: TRowInput[]): TSchedule => {
  const columns = [count('sn', 'S/N'), ...spec.columns, MISSING];
  const rows: TScheduleRow[] = input.map((r, i) => ({ employeeId: r.employeeId, missing: r.missing, cells: { ...r.cells, sn: i + 1, missing: r.missing.join(', ') } }));
  const totals: Record<string, TScheduleCell> = {};
  const skip = new Set(['sn', ...(spec.sumExcept ?? [])]);
  for (const c of columns) {
    if (c.type === 'text' || skip.has(c.key)) totals[c.key] = null;
    else totals[c.key] = rows.reduce((s, r) => s + (typeof r.cells[c.key] === 'number' ? (r.cells[c.key] as number) : 0), 0);
  }
  const firstText = columns.find((c) => c.key === 'name') ?? columns.find((c) => c.type === 'text');
  if (firstText) totals[firstText.key] = 'TOTAL';
  totals.missing = rows.some((r) => r.missing.length) ? `${rows.filter((r) => r.missing.length).length} with missing identifiers` : '';
  const amount = totals[spec.amountKey];
  return {
    kind: spec.kind, payee: spec.payee, title: spec.title, period: spec.period, header: spec.header, columns, rows, totals, amountKey: spec.amountKey,
    amountMinor: typeof amount === 'number' ? amount : 0, employees: rows.length, missing: rows.filter((r) => r.missing.length).length,
  };
};

/** Groups keep first-seen order after sorting by name ('' — not set — last). */
const groupBy = <T>(items: T[], key: (t: T) => string) => {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return [...map.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
};

const need = (pairs: Array<[string, string | null | undefined]>) => pairs.filter(([, v]) => !v || !v.trim()).map(([label]) => label);
const monthText = (period: string) => (/^\d{4}-\d{2}$/.test(period) ? `${period.slice(5)}/${period.slice(0, 4)}` : period);

/** The employee's state: current settings first (a corrected state files with the right IRS), then the line's snapshot. */
export const stateOf = (l: TScheduleLine) => l.state ?? l.line_state ?? '';
/** The PFA's name (stored values are codes of NG_PFAS since issue 31; older free text shows as it was written). */
export const pfaOf = (l: TScheduleLine) => pfaName(l.pfa ?? l.line_pfa) ?? '';
const irsName = (state: string) => (state === '' ? 'State not set' : state === 'FCT' ? 'FCT Internal Revenue Service' : `${state} State Internal Revenue Service`);

const employerHeader = (biz: TBusinessIds, extra: Array<[string, string | null]>, period: string): Array<[string, string]> => [
  ['Employer', biz.name], ...extra.map(([k, v]) => [k, v ?? 'Not set on the business profile'] as [string, string]), ['Period', monthText(period)],
];

// ---------- monthly schedules ----------

type TLineFig = { line: TScheduleLine; f: TFigures };

const ngMonthly = (biz: TBusinessIds, month: string, lines: TLineFig[]): TSchedule[] => {
  const out: TSchedule[] = [];
  for (const [state, group] of groupBy(lines, ({ line }) => stateOf(line))) {
    out.push(makeSchedule({
      kind: 'ng-paye', payee: state, title: `PAYE schedule, ${irsName(state)}`, period: month,
      header: employerHeader(biz, [['Employer TIN', biz.employer_tin], ['RC number', biz.rc_number]], month),
      columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), text('tin', 'TIN'), text('state', 'State of residence'),
        money('grossPay', 'Gross pay'), money('taxablePay', 'Taxable pay'), money('tax', 'Tax deducted')],
      amountKey: 'tax',
    }, group.map(({ line, f }) => ({
      employeeId: line.employee_id, missing: need([['TIN', line.tin], ['State of residence', state]]),
      cells: { employeeNumber: line.employee_number, name: line.name, tin: line.tin ?? '', state, grossPay: f.grossPay, taxablePay: f.taxablePay, tax: f.tax },
    }))));
  }
  const pensioned = lines.filter(({ f }) => f.pensionEmployee + f.pensionEmployer > 0);
  for (const [pfa, group] of groupBy(pensioned, ({ line }) => pfaOf(line))) {
    out.push(makeSchedule({
      kind: 'ng-pension', payee: pfa, title: `Pension schedule, ${pfa || 'PFA not set'}`, period: month,
      header: employerHeader(biz, [['PenCom employer code', biz.pencom_employer_code], ['Employer TIN', biz.employer_tin]], month),
      columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), text('rsaPin', 'RSA PIN'), text('pfa', 'PFA'),
        money('pensionableBase', 'Pensionable emoluments'), money('employee', 'Employee contribution'), money('employer', 'Employer contribution'), money('total', 'Total')],
      amountKey: 'total',
    }, group.map(({ line, f }) => ({
      employeeId: line.employee_id, missing: need([['RSA PIN', line.rsa_pin], ['PFA', pfa]]),
      cells: { employeeNumber: line.employee_number, name: line.name, rsaPin: line.rsa_pin ?? '', pfa, pensionableBase: f.pensionableBase,
        employee: f.pensionEmployee, employer: f.pensionEmployer, total: f.pensionEmployee + f.pensionEmployer },
    }))));
  }
  const nhf = lines.filter(({ f }) => f.nhf > 0);
  if (nhf.length) out.push(makeSchedule({
    kind: 'ng-nhf', payee: '', title: 'National Housing Fund schedule (2.5% of basic)', period: month,
    header: employerHeader(biz, [['Employer TIN', biz.employer_tin], ['RC number', biz.rc_number]], month),
    columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), text('nhfNumber', 'NHF number'), money('basic', 'Basic salary'), money('nhf', 'NHF contribution')],
    amountKey: 'nhf',
  }, nhf.map(({ line, f }) => ({
    employeeId: line.employee_id, missing: need([['NHF number', line.nhf_number]]),
    cells: { employeeNumber: line.employee_number, name: line.name, nhfNumber: line.nhf_number ?? '', basic: f.basic, nhf: f.nhf },
  }))));
  const nsitf = lines.filter(({ f }) => f.nsitf > 0);
  if (nsitf.length) out.push(makeSchedule({
    kind: 'ng-nsitf', payee: '', title: 'NSITF Employees\' Compensation schedule (1% of monthly payroll)', period: month,
    header: employerHeader(biz, [['NSITF employer number', biz.nsitf_number], ['RC number', biz.rc_number]], month),
    columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), money('grossPay', 'Gross pay'), money('nsitf', 'NSITF contribution')],
    amountKey: 'nsitf',
  }, nsitf.map(({ line, f }) => ({ employeeId: line.employee_id, missing: [], cells: { employeeNumber: line.employee_number, name: line.name, grossPay: f.grossPay, nsitf: f.nsitf } }))));
  return out;
};

const ghMonthly = (biz: TBusinessIds, month: string, lines: TLineFig[]): TSchedule[] => {
  const out: TSchedule[] = [];
  // The columns of the GRA's Employer's Monthly Tax Deductions Schedule (DT 0107a v1.2), numbered as on the form.
  out.push(makeSchedule({
    kind: 'gh-paye', payee: '', title: 'Employer\'s monthly tax deductions schedule (P.A.Y.E.), GRA DT 0107a', period: month,
    header: employerHeader(biz, [['Employer\'s TIN', biz.employer_tin]], month),
    columns: [
      text('tin', 'TIN / Ghana Card'), text('name', 'Name of employee'), text('position', 'Position'), text('nonResident', 'Non-resident (Y/N)'),
      money('basic', 'Basic salary'), text('secondary', 'Secondary employment (Y/N)'), money('ssf', 'Social security fund'), money('tier3', 'Third tier'),
      money('cashAllowances', 'Cash allowances'), money('bonus', 'Bonus income (up to 15% of annual basic salary)'), money('bonusTax', 'Final tax on bonus income'),
      money('excessBonus', 'Excess bonus'), money('totalCash', 'Total cash emolument (6+10+13)'), money('accommodation', 'Accommodation element'),
      money('vehicle', 'Vehicle element'), money('nonCash', 'Non-cash benefit'), money('assessable', 'Total assessable income (14+15+16+17)'),
      money('deductibleReliefs', 'Deductible reliefs'), money('totalReliefs', 'Total reliefs (8+9+19)'), money('chargeable', 'Chargeable income (18-20)'),
      money('taxDeductible', 'Tax deductible'), money('overtimeIncome', 'Overtime income'), money('overtimeTax', 'Overtime tax'),
      money('totalTax', 'Total tax payable to GRA (12+22+24)'), money('severance', 'Severance pay paid'), text('remarks', 'Remarks'),
    ],
    amountKey: 'totalTax',
  }, lines.map(({ line, f }) => {
    // Overtime taxed at the final overtime rates is columns 23-24; overtime taxed as income is a cash allowance (10).
    // The bonus up to 15% of annual basic carries its final tax (11-12); the excess is taxed as income (13).
    const overtimeFinal = f.overtimeTax > 0 ? f.overtime : 0;
    const cashAllowances = f.otherSplit + f.allowance + f.overtime - overtimeFinal;
    const totalCash = f.basic + cashAllowances + f.bonusExcess;
    const assessable = totalCash + f.tier3EmployerExcess;
    const chargeable = f.taxablePay;
    const totalReliefs = assessable - chargeable;
    return {
      employeeId: line.employee_id, missing: need([['TIN or Ghana Card', line.tin ?? line.ghana_card_number]]),
      cells: {
        tin: line.tin ?? line.ghana_card_number ?? '', name: line.name, position: line.position ?? '', nonResident: 'N', basic: f.basic, secondary: 'N',
        ssf: f.pensionEmployee, tier3: f.tier3Relief, cashAllowances, bonus: f.bonus - f.bonusExcess, bonusTax: f.bonusTax, excessBonus: f.bonusExcess, totalCash,
        accommodation: 0, vehicle: 0, nonCash: f.tier3EmployerExcess, assessable, deductibleReliefs: totalReliefs - f.pensionEmployee - f.tier3Relief, totalReliefs, chargeable,
        taxDeductible: f.tax - f.bonusTax - f.overtimeTax, overtimeIncome: overtimeFinal, overtimeTax: f.overtimeTax, totalTax: f.tax, severance: 0, remarks: '',
      },
    };
  })));
  const ssnit = lines.filter(({ f }) => f.ssnitTier1 + f.ssnitTier2 > 0);
  for (const [kind, tier, label] of [['gh-ssnit-tier1', 'ssnitTier1', 'Tier 1 (13.5%, to SSNIT)'], ['gh-ssnit-tier2', 'ssnitTier2', 'Tier 2 (5%, to the occupational trustee)']] as const) {
    if (!ssnit.length) continue;
    out.push(makeSchedule({
      kind, payee: '', title: `SSNIT contributions schedule, ${label}`, period: month,
      header: employerHeader(biz, [['SSNIT employer number', biz.ssnit_employer_number], ['Employer\'s TIN', biz.employer_tin]], month),
      columns: [text('ssnitNumber', 'SSNIT number'), text('ghanaCard', 'Ghana Card number'), text('name', 'Name'), money('basic', 'Basic salary (capped)'),
        money('employee', 'Employee 5.5%'), money('employer', 'Employer 13%'), money('amount', label)],
      amountKey: 'amount',
    }, ssnit.map(({ line, f }) => ({
      employeeId: line.employee_id, missing: need([['SSNIT number or Ghana Card', line.ssnit_number ?? line.ghana_card_number]]),
      cells: { ssnitNumber: line.ssnit_number ?? '', ghanaCard: line.ghana_card_number ?? '', name: line.name, basic: f.pensionableBase,
        employee: f.pensionEmployee, employer: f.pensionEmployer, amount: f[tier] },
    }))));
  }
  return out;
};

/**
 * An employee's figures over the month's approved runs (the regular run and its off-cycle runs, issue 32): one schedule
 * row per employee, the amounts summed; the first line (the regular run's) names the employee.
 */
const byEmployeeOfMonth = (lines: TLineFig[]): TLineFig[] => {
  const seen = new Map<string, TLineFig>();
  for (const { line, f } of lines) {
    const first = seen.get(line.employee_id);
    if (!first) {
      seen.set(line.employee_id, { line, f: { ...f } });
      continue;
    }
    for (const key of Object.keys(f) as Array<keyof TFigures>) {
      if (key !== 'maximumInsurable' && key !== 'employerPensionRate' && typeof f[key] === 'number') (first.f[key] as number) += f[key] as number;
    }
  }
  return [...seen.values()];
};

/** Every monthly schedule of the month's approved runs' lines. */
export const buildMonthSchedules = (biz: TBusinessIds, month: string, lines: TScheduleLine[]): TSchedule[] => {
  const withFigures = byEmployeeOfMonth(lines.map((line) => ({ line, f: figuresOf(line) })));
  return biz.country === 'GH' ? ghMonthly(biz, month, withFigures) : ngMonthly(biz, month, withFigures);
};

// ---------- yearly: ITF and the annual returns ----------

/** `months` holds every approved line of the year (off-cycle runs too); `monthCount` the distinct months paid. */
type TEmployeeYear = { line: TScheduleLine; months: TLineFig[]; monthCount: number; sum: (k: keyof TFigures) => number };
/** One entry per employee over the year, the latest line standing for the employee (name, identifiers). */
const byEmployee = (lines: TScheduleLine[]): TEmployeeYear[] =>
  groupBy(lines.map((line) => ({ line, f: figuresOf(line) })), ({ line }) => line.employee_id)
    .map(([, months]) => ({ line: months.at(-1)!.line, months, monthCount: new Set(months.map((m) => m.line.month)).size, sum: (k: keyof TFigures) => months.reduce((s, m) => s + (m.f[k] ?? 0), 0) }))
    .sort((a, b) => a.line.name.toLowerCase().localeCompare(b.line.name.toLowerCase()));

/** ITF (Industrial Training Fund (Amendment) Act 2011, s.6): 1% of the annual payroll. */
const ITF_RATE_DIVISOR = 100;

/**
 * ITF (NG): 1% of each employee's gross pay over the year's approved runs; only for an ITF-liable business. Taken from
 * the stored gross rather than the lines' own ITF figure, since liability is the business's yearly status and runs of
 * the year may predate the owner's answer.
 */
export const buildItfSchedule = (biz: TBusinessIds, year: number, lines: TScheduleLine[]): TSchedule => makeSchedule({
  kind: 'ng-itf', payee: '', title: 'Industrial Training Fund, 1% of annual payroll', period: String(year),
  header: employerHeader(biz, [['ITF number', biz.itf_number], ['RC number', biz.rc_number]], String(year)),
  columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), count('months', 'Months'), money('grossPay', 'Annual gross pay'), money('itf', 'ITF contribution')],
  amountKey: 'itf',
}, byEmployee(lines).map((e) => ({
  employeeId: e.line.employee_id, missing: [],
  cells: { employeeNumber: e.line.employee_number, name: e.line.name, months: e.monthCount, grossPay: e.sum('grossPay'), itf: divideHalfUp(e.sum('grossPay'), ITF_RATE_DIVISOR) },
})));

/** Form H1, the employer's annual return of emoluments (NG, due 31 January), one per State IRS. */
export const buildH1 = (biz: TBusinessIds, year: number, lines: TScheduleLine[]): TSchedule[] =>
  groupBy(byEmployee(lines), (e) => stateOf(e.line)).map(([state, employees]) => makeSchedule({
    kind: 'ng-h1', payee: state, title: `Form H1, employer's annual return of emoluments, ${irsName(state)}`, period: String(year),
    header: employerHeader(biz, [['Employer TIN', biz.employer_tin], ['RC number', biz.rc_number], ['Due', `${year + 1}-01-31`]], String(year)),
    columns: [text('employeeNumber', 'Employee number'), text('name', 'Name'), text('tin', 'TIN'), text('position', 'Designation'),
      money('grossPay', 'Annual gross emoluments'), money('pension', 'Pension'), money('nhf', 'NHF'), money('otherReliefs', 'Other reliefs and deductions'),
      money('taxablePay', 'Taxable income'), money('tax', 'Tax deducted'), count('months', 'Months')],
    amountKey: 'tax',
  }, employees.map((e) => {
    const gross = e.sum('grossPay');
    const taxable = e.sum('taxablePay');
    const pension = e.sum('pensionEmployee');
    const nhf = e.sum('nhf');
    return {
      employeeId: e.line.employee_id, missing: need([['TIN', e.line.tin], ['State of residence', state]]),
      cells: { employeeNumber: e.line.employee_number, name: e.line.name, tin: e.line.tin ?? '', position: e.line.position ?? '', grossPay: gross, pension, nhf,
        otherReliefs: gross - taxable - pension - nhf, taxablePay: taxable, tax: e.sum('tax'), months: e.monthCount },
    };
  })));

/** Each employee's annual tax deduction card (NG): month by month gross, pension, NHF, taxable pay and tax. */
export const buildTaxCards = (biz: TBusinessIds, year: number, lines: TScheduleLine[]): TSchedule[] =>
  byEmployee(lines).map((e) => {
    const missing = need([['TIN', e.line.tin]]);
    const card = makeSchedule({
      kind: 'ng-tax-card', payee: e.line.employee_id, title: `Tax deduction card ${year}, ${e.line.name}`, period: String(year),
      header: [...employerHeader(biz, [['Employer TIN', biz.employer_tin]], String(year)),
        ['Employee', `${e.line.name} (${e.line.employee_number})`], ['Employee TIN', e.line.tin ?? 'Missing'], ['State of residence', stateOf(e.line) || 'Not set']],
      columns: [text('month', 'Month'), money('grossPay', 'Gross pay'), money('pension', 'Pension'), money('nhf', 'NHF'), money('taxablePay', 'Taxable pay'), money('tax', 'Tax deducted')],
      amountKey: 'tax',
    }, e.months.map(({ line, f }) => ({
      employeeId: line.employee_id, missing,
      cells: { month: line.month, grossPay: f.grossPay, pension: f.pensionEmployee, nhf: f.nhf, taxablePay: f.taxablePay, tax: f.tax },
    })));
    return { ...card, employees: 1, missing: missing.length ? 1 : 0 };
  });

/**
 * Ghana's annual PAYE reconciliation: each employee's year as on the GRA's Employees' Annual Schedule of Tax Deduction
 * (DT 0108a, attached to the Annual P.A.Y.E. Deductions Return DT 0108).
 */
export const buildGhAnnual = (biz: TBusinessIds, year: number, lines: TScheduleLine[]): TSchedule => makeSchedule({
  kind: 'gh-annual', payee: '', title: `Employees' annual schedule of tax deduction ${year}, GRA DT 0108a`, period: String(year),
  header: employerHeader(biz, [['Employer\'s TIN', biz.employer_tin]], String(year)),
  columns: [text('tin', 'TIN / Ghana Card'), text('name', 'Name of employee'), text('position', 'Position'), money('basic', 'Basic salary'),
    money('cashAllowances', 'Cash allowances'), money('bonus', 'Bonus income'), money('bonusTax', 'Final tax on bonus'), money('totalCash', 'Total cash emolument'),
    money('ssf', 'Social security fund'), money('tier3', 'Third tier'), money('chargeable', 'Chargeable income'), money('overtimeIncome', 'Overtime income'),
    money('overtimeTax', 'Overtime tax'), money('tax', 'Total tax deducted'), count('months', 'Months')],
  amountKey: 'tax',
}, byEmployee(lines).map((e) => {
  const basic = e.sum('basic');
  const cash = e.months.reduce((sum, { f }) => sum + f.otherSplit + f.allowance + (f.overtimeTax > 0 ? 0 : f.overtime), 0);
  return {
    employeeId: e.line.employee_id, missing: need([['TIN or Ghana Card', e.line.tin ?? e.line.ghana_card_number]]),
    cells: { tin: e.line.tin ?? e.line.ghana_card_number ?? '', name: e.line.name, position: e.line.position ?? '', basic, cashAllowances: cash,
      bonus: e.sum('bonus'), bonusTax: e.sum('bonusTax'), totalCash: basic + cash + e.sum('bonusExcess'), ssf: e.sum('pensionEmployee'), tier3: e.sum('tier3Relief'),
      chargeable: e.sum('taxablePay'), overtimeIncome: e.months.reduce((sum, { f }) => sum + (f.overtimeTax > 0 ? f.overtime : 0), 0), overtimeTax: e.sum('overtimeTax'),
      tax: e.sum('tax'), months: e.monthCount },
  };
}));

/** Rows of several schedules of one kind as one (a file without a payee): rows renumbered, totals summed again. */
export const mergeSchedules = (kind: string, title: string, schedules: TSchedule[]): TSchedule | undefined => {
  if (schedules.length <= 1) return schedules[0];
  const first = schedules[0];
  const { sn: _sn, missing: _m, ...specColumns } = Object.fromEntries(first.columns.map((c) => [c.key, c]));
  return makeSchedule({
    kind, payee: '', title, period: first.period, header: first.header, columns: Object.values(specColumns), amountKey: first.amountKey,
  }, schedules.flatMap((s) => s.rows.map((r) => ({ employeeId: r.employeeId, missing: r.missing, cells: r.cells }))));
};

/** The kinds of a country's monthly schedules, in screen order. */
export const MONTHLY_KINDS: Record<string, TRemittanceKind[]> = {
  NG: ['ng-paye', 'ng-pension', 'ng-nhf', 'ng-nsitf', 'ng-itf'],
  GH: ['gh-paye', 'gh-ssnit-tier1', 'gh-ssnit-tier2'],
};
