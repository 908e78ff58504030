import type { TRegisterGroup, TSchedule, TScheduleCell, TScheduleColumn, TVarianceChange, TVarianceEmployee, TVarianceLine, TVarianceReason } from '@bizdesk/contract';

// The payroll register and the month-on-month variance as models (DESIGN §7 "Pay documents"): built once from the
// stored lines of a run; the CSV and XLSX only render the register (statutory/render.ts), the screen renders the
// variance. Every figure is the stored line's (minor units, this month); nothing is computed again.

type TPayLine = { code: string; legalName: string; amount: number };
/** What a register row needs of a stored line: its columns and parts of `result.breakdown`. */
export type TRegisterLine = {
  employee_id: string; employee_number: string; name: string; department: string | null;
  gross: string; tax: string; pension: string; other_deductions: string; allowance: string; overtime: string; loan_repayment: string; iou: string;
  employer_cost: string; net: string;
  statutory: Record<string, number> | null; bonus: string | number | null;
  period_earnings: TPayLine[] | null; period_deductions: TPayLine[] | null;
};

/** One figure of a line: `key` names its register column and its compared line. */
type TFigure = { key: string; label: string; group: TRegisterGroup; amount: number };
type TColumnSpec = { key: string; label: string; group: TRegisterGroup; isOptional?: boolean };

/** Codes of periodEarnings / periodDeductions with a name of their own (their legalName can be per-employee detail). */
const CODE_NAMES: Record<string, string> = {
  proration: 'Proration', 'unpaid-leave': 'Unpaid leave', suspension: 'Suspension without pay', absence: 'Unpaid absence', arrears: 'Arrears',
};
/** Period deductions the line keeps in columns of its own. */
const OWN_COLUMNS = new Set(['loan-repayment', 'iou']);
const UNPAID_DAYS = new Set(['unpaid-leave', 'suspension', 'absence']);

/** The fixed figures in register order; `isOptional` ones show only where the country has them or a line holds one. */
const FIXED: TColumnSpec[] = [
  { key: 'salary', label: 'Monthly salary', group: 'earning' },
  { key: 'allowance', label: 'Allowance', group: 'earning' },
  { key: 'overtime', label: 'Overtime', group: 'earning' },
  { key: 'bonus', label: 'Bonus', group: 'earning', isOptional: true },
  // periodEarnings columns go here
  { key: 'grossPay', label: 'Gross pay', group: 'gross' },
  { key: 'tax', label: 'PAYE tax', group: 'deduction' },
  { key: 'pension', label: 'Pension (employee)', group: 'deduction' },
  { key: 'nhf', label: 'NHF', group: 'deduction', isOptional: true },
  { key: 'otherStatutory', label: 'Other statutory deductions', group: 'deduction' },
  { key: 'loanRepayment', label: 'Loan repayment', group: 'deduction' },
  { key: 'iou', label: 'IOU recovery', group: 'deduction' },
  // periodDeductions columns go here
  { key: 'rounding', label: 'Rounding', group: 'deduction', isOptional: true },
  { key: 'totalDeductions', label: 'Total deductions', group: 'deduction' },
  { key: 'net', label: 'Net pay', group: 'net' },
  { key: 'employerPension', label: 'Employer pension', group: 'employer' },
  { key: 'nsitf', label: 'NSITF (employer)', group: 'employer', isOptional: true },
  { key: 'itf', label: 'ITF (employer)', group: 'employer', isOptional: true },
  { key: 'tier3Employer', label: 'Tier 3 (employer)', group: 'employer', isOptional: true },
  { key: 'employerTotal', label: 'Employer contributions', group: 'employer' },
  { key: 'employerCost', label: 'Cost to the employer', group: 'employer' },
];
/** Optional columns a country always shows (an ITF of 0 is a figure in Nigeria). */
const COUNTRY_COLUMNS: Record<string, string[]> = { NG: ['nhf', 'nsitf', 'itf'], GH: ['tier3Employer'] };
const EMPLOYER_PENSION_LABEL: Record<string, string> = { GH: 'SSNIT (employer, 13%)' };

const n = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const lines = (list: TPayLine[] | null | undefined) => (Array.isArray(list) ? list.filter((l) => l && typeof l.code === 'string' && Number.isFinite(l.amount)) : []);
const earningKey = (code: string) => `earning:${code}`;
const deductionKey = (code: string) => `deduction:${code}`;

/** Every figure of one stored line, in register order (period lines in the order the line lists them). */
export const figuresOfLine = (l: TRegisterLine): TFigure[] => {
  const st = l.statutory;
  const earnings = lines(l.period_earnings);
  const deductions = lines(l.period_deductions).filter((d) => !OWN_COLUMNS.has(d.code));
  const salary = n(l.gross);
  const bonus = n(l.bonus);
  const grossPay = salary + n(l.allowance) + n(l.overtime) + bonus + earnings.reduce((s, e) => s + e.amount, 0);
  const net = n(l.net);
  const nhf = st ? n(st.nhf) : 0;
  const listed = n(l.tax) + n(l.pension) + n(l.other_deductions) + n(l.loan_repayment) + n(l.iou) + deductions.reduce((s, d) => s + d.amount, 0);
  // A line stored before the statutory figures (issue 31): its employer_cost is the whole, counted as pension.
  const employerTotal = st ? n(st.employerTotal) : n(l.employer_cost);
  const fixed: Record<string, number> = {
    salary, allowance: n(l.allowance), overtime: n(l.overtime), bonus, grossPay,
    tax: n(l.tax), pension: n(l.pension), nhf, otherStatutory: n(l.other_deductions) - nhf, loanRepayment: n(l.loan_repayment), iou: n(l.iou),
    // What the engine's net leaves after the listed deductions (each rounded on its own): shown, so the row adds up.
    rounding: grossPay - net - listed, totalDeductions: grossPay - net, net,
    employerPension: st ? n(st.pensionEmployer) : n(l.employer_cost), nsitf: st ? n(st.nsitf) : 0, itf: st ? n(st.itf) : 0, tier3Employer: st ? n(st.tier3Employer) : 0,
    employerTotal, employerCost: grossPay + employerTotal,
  };
  const out: TFigure[] = [];
  for (const spec of FIXED) {
    out.push({ key: spec.key, label: spec.label, group: spec.group, amount: fixed[spec.key]! });
    if (spec.key === 'bonus') for (const e of earnings) out.push({ key: earningKey(e.code), label: CODE_NAMES[e.code] ?? e.legalName ?? e.code, group: 'earning', amount: e.amount });
    if (spec.key === 'iou') for (const d of deductions) out.push({ key: deductionKey(d.code), label: CODE_NAMES[d.code] ?? d.legalName ?? d.code, group: 'deduction', amount: d.amount });
  }
  return out;
};

/** Sums figures by key (a code listed twice on one line is one figure). */
const byKey = (figures: TFigure[]) => {
  const map = new Map<string, TFigure>();
  for (const f of figures) {
    const seen = map.get(f.key);
    map.set(f.key, seen ? { ...seen, amount: seen.amount + f.amount } : { ...f });
  }
  return map;
};

/**
 * The columns of one or more runs' figures: the fixed ones (optional ones only where the country has them or a line
 * holds one), and one per distinct period code found, at its place and in first-seen order.
 */
const columnsOf = (perLine: Array<Map<string, TFigure>>, country: string) => {
  const always = new Set(COUNTRY_COLUMNS[country] ?? []);
  const seen = new Map<string, TColumnSpec>();
  const used = new Set<string>();
  for (const figures of perLine) {
    for (const f of figures.values()) {
      if (f.amount !== 0) used.add(f.key);
      if (!seen.has(f.key)) seen.set(f.key, { key: f.key, label: f.key === 'employerPension' ? (EMPLOYER_PENSION_LABEL[country] ?? f.label) : f.label, group: f.group });
    }
  }
  const extra = (prefix: string) => [...seen.values()].filter((c) => c.key.startsWith(prefix));
  const out: TColumnSpec[] = [];
  for (const spec of FIXED) {
    if (!spec.isOptional || always.has(spec.key) || used.has(spec.key)) out.push({ ...spec, label: seen.get(spec.key)?.label ?? spec.label });
    if (spec.key === 'bonus') out.push(...extra('earning:'));
    if (spec.key === 'iou') out.push(...extra('deduction:'));
  }
  return out;
};

export type TRegisterRun = { month: string; status: string; currency: string; businessName: string; country: string };

/** The register: one row per employee with every figure the line holds, as a schedule (the statutory renderers lay it out). */
export const buildRegister = (run: TRegisterRun, stored: TRegisterLine[]): TSchedule => {
  const perLine = stored.map((l) => byKey(figuresOfLine(l)));
  const money = columnsOf(perLine, run.country);
  const columns: TScheduleColumn[] = [
    { key: 'sn', label: 'S/N', type: 'number' },
    { key: 'employeeNumber', label: 'Employee number', type: 'text' },
    { key: 'name', label: 'Name', type: 'text' },
    { key: 'department', label: 'Department', type: 'text' },
    ...money.map((c): TScheduleColumn => ({ key: c.key, label: c.label, type: 'money' })),
  ];
  const rows = stored.map((l, i) => {
    const cells: Record<string, TScheduleCell> = { sn: i + 1, employeeNumber: l.employee_number, name: l.name, department: l.department ?? '' };
    for (const c of money) cells[c.key] = perLine[i]!.get(c.key)?.amount ?? 0;
    return { employeeId: l.employee_id, cells, missing: [] };
  });
  const totals: Record<string, TScheduleCell> = { sn: null, employeeNumber: null, name: 'TOTAL', department: `${rows.length} employee${rows.length === 1 ? '' : 's'}` };
  for (const c of money) totals[c.key] = rows.reduce((s, r) => s + (r.cells[c.key] as number), 0);
  const statusText = run.status === 'draft' ? 'Draft (not approved: figures may still change)' : run.status === 'paid' ? 'Paid' : 'Approved';
  return {
    kind: 'payroll-register', payee: '', title: `Payroll register ${run.month}`, period: run.month,
    header: [['Employer', run.businessName], ['Month', run.month], ['Run', statusText], ['Amounts in', run.currency]],
    columns, rows, totals, amountKey: 'net', amountMinor: totals.net as number, employees: rows.length, missing: 0,
  };
};

// ---------- variance ----------

/** What the previous and current run hold for one employee, and what the records say happened in between. */
export type TVarianceEvidence = { revisedEmployeeIds: Set<string> };
type TSide = { line: TRegisterLine; figures: Map<string, TFigure> };

/** Figures that follow from the others: they change when an input changes and carry no reason of their own. */
const DERIVED = new Set(['grossPay', 'tax', 'pension', 'nhf', 'otherStatutory', 'rounding', 'totalDeductions', 'net', 'employerPension', 'nsitf', 'itf', 'tier3Employer', 'employerTotal', 'employerCost']);

const codeOf = (key: string) => key.slice(key.indexOf(':') + 1);
const isUnpaidDays = (key: string) => (key.startsWith('earning:') || key.startsWith('deduction:')) && (codeOf(key) === 'proration' || UNPAID_DAYS.has(codeOf(key)));

/** The reason a changed input figure of an employee on both runs changed. */
const reasonOf = (key: string, employeeId: string, sides: TSide[], evidence: TVarianceEvidence): TVarianceReason | null => {
  if (DERIVED.has(key)) return null;
  if (key === 'allowance' || key === 'overtime' || key === 'bonus') return 'one-off';
  if (key === 'loanRepayment') return 'loan';
  if (key === 'iou') return 'iou';
  if (key === 'salary') {
    const hasDays = sides.some((s) => [...s.figures.values()].some((f) => f.amount !== 0 && isUnpaidDays(f.key)));
    if (hasDays) return sides.some((s) => (s.figures.get('earning:proration')?.amount ?? 0) !== 0 || (s.figures.get('deduction:proration')?.amount ?? 0) !== 0) ? 'proration' : 'unpaid-days';
    return evidence.revisedEmployeeIds.has(employeeId) ? 'revision' : 'other';
  }
  const code = codeOf(key);
  if (code.startsWith('recurring:') || code === 'recurring') {
    // A recurring item follows the days paid (a part month pays its share): the days are the reason, not the item.
    const days = sides.flatMap((s) => [...s.figures.values()]).filter((f) => f.amount !== 0 && isUnpaidDays(f.key));
    if (days.length === 0) return 'recurring';
    return days.some((f) => codeOf(f.key) === 'proration') ? 'proration' : 'unpaid-days';
  }
  if (code === 'arrears') return 'revision';
  if (code.startsWith('reimbursement:')) return 'one-off'; // issue 33: an expense claim paid back this month
  if (code === 'proration') return 'proration';
  if (UNPAID_DAYS.has(code)) return 'unpaid-days';
  if (code === 'loan-repayment') return 'loan';
  if (code === 'iou') return 'iou';
  return 'other';
};

const change = (previous: number, current: number): TVarianceChange => ({ previousMinor: previous, currentMinor: current, changeMinor: current - previous });
const REASON_ORDER = new Map(['new-joiner', 'leaver', 'revision', 'proration', 'unpaid-days', 'recurring', 'one-off', 'loan', 'iou', 'statutory', 'other'].map((r, i) => [r, i]));

/**
 * Compares two runs per employee and per figure. An employee on one run only is a joiner (this run) or a leaver (the
 * previous one); on both, each changed input figure carries its reason and the employee's reasons are theirs, or
 * `statutory` when only figures that follow from the others moved. Unchanged employees are counted, not listed.
 */
export const buildVariance = (country: string, current: TRegisterLine[], previous: TRegisterLine[], evidence: TVarianceEvidence) => {
  const side = (l: TRegisterLine): TSide => ({ line: l, figures: byKey(figuresOfLine(l)) });
  const now = new Map(current.map((l) => [l.employee_id, side(l)]));
  const before = new Map(previous.map((l) => [l.employee_id, side(l)]));
  const columns = columnsOf([...now.values(), ...before.values()].map((s) => s.figures), country);
  const ids = [...new Set([...now.keys(), ...before.keys()])];
  const totals = new Map(columns.map((c) => [c.key, { previous: 0, current: 0 }]));
  const employees: TVarianceEmployee[] = [];
  let unchanged = 0;
  for (const id of ids) {
    const cur = now.get(id);
    const prev = before.get(id);
    const presence = cur && prev ? 'both' : cur ? 'new' : 'left';
    const amount = (s: TSide | undefined, key: string) => s?.figures.get(key)?.amount ?? 0;
    const changed: TVarianceLine[] = [];
    for (const c of columns) {
      const [p, k] = [amount(prev, c.key), amount(cur, c.key)];
      const t = totals.get(c.key)!;
      t.previous += p;
      t.current += k;
      if (p === k) continue;
      const reason: TVarianceReason | null = presence === 'new' ? 'new-joiner' : presence === 'left' ? 'leaver' : reasonOf(c.key, id, [prev!, cur!], evidence);
      changed.push({ key: c.key, label: c.label, group: c.group, ...change(p, k), reason: DERIVED.has(c.key) ? null : reason });
    }
    if (changed.length === 0) {
      unchanged++;
      continue;
    }
    const reasons = presence === 'new' ? ['new-joiner' as const] : presence === 'left' ? ['leaver' as const]
      : [...new Set(changed.map((l) => l.reason).filter((r): r is TVarianceReason => r !== null))];
    const who = (cur ?? prev)!.line;
    employees.push({
      employeeId: id, employeeNumber: who.employee_number, name: who.name, department: who.department, presence,
      reasons: (reasons.length ? reasons : ['statutory' as const]).sort((a, b) => REASON_ORDER.get(a)! - REASON_ORDER.get(b)!),
      grossPay: change(amount(prev, 'grossPay'), amount(cur, 'grossPay')),
      net: change(amount(prev, 'net'), amount(cur, 'net')),
      lines: changed,
    });
  }
  // The largest swing in gross pay first (then net), then by name: what a reviewer checks first.
  employees.sort((a, b) => Math.abs(b.grossPay.changeMinor) - Math.abs(a.grossPay.changeMinor) || Math.abs(b.net.changeMinor) - Math.abs(a.net.changeMinor)
    || a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId));
  return {
    totals: columns.map((c): TVarianceLine => {
      const t = totals.get(c.key)!;
      return { key: c.key, label: c.label, group: c.group, ...change(t.previous, t.current), reason: null };
    }),
    counts: {
      previous: before.size, current: now.size,
      joiners: employees.filter((e) => e.presence === 'new').length, leavers: employees.filter((e) => e.presence === 'left').length,
      changed: employees.length, unchanged,
    },
    employees,
  };
};
