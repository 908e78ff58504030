// Employee pay computations per second of @bizdesk/payroll, with and without the
// payslip breakdown. Each variant runs for a fixed time, so the benchmark is bounded
// whatever the machine. Run: npm run bench:payroll
import { computePay, computePayMinor, type PayInput } from '@bizdesk/payroll';

const WARM_UP_MS = 300;
const MEASURE_MS = Number(process.env.BENCH_MS ?? 2000);

// A mix that exercises every regime and most reliefs, as a real payroll run would.
// Amounts are whole kobo divided by 100, which is how a caller holds a 2-decimal amount.
// Issue 32: a structure's 10% meal allowance and an own union due, as recurring items.
const RECURRING: PayInput['recurring'] = [
  { id: 'meal', name: 'Meal allowance', kind: 'earning', percent: 10, base: 'basic', from: '2026-01' },
  { id: 'union', name: 'Union dues', kind: 'deduction', amount: 2000, from: '2026-01' },
];
const createInputs = (): PayInput[] => {
  const inputs: PayInput[] = [];
  for (let index = 0; index < 1000; index++) {
    const grossKobo = 30_000_000 + index * 4_871_337;
    const gross = grossKobo / 100;
    const kind = index % 5;
    if (kind === 0) inputs.push({ country: 'NG', period: { year: 2024, month: 1 + (index % 12) }, grossAnnual: gross, nhf: true, nhisMonthly: 1500 });
    else if (kind === 1) inputs.push({ country: 'NG', period: { year: 2025, month: 6 }, grossAnnual: gross, lifeAssuranceAnnual: 50_000, allowance: 20_000, loanRepayment: 5_000 });
    else if (kind === 2) inputs.push({ country: 'NG', period: { year: 2026, month: 3 }, grossAnnual: gross, rentAnnual: Math.round(grossKobo / 5) / 100, pensionBase: 'basic-housing-transport', recurring: RECURRING });
    else if (kind === 3) inputs.push({ country: 'GH', period: { year: 2025, month: 2 }, grossAnnual: Math.round(grossKobo / 10) / 100, overtime: 300 });
    else inputs.push({ country: 'KE', period: { year: 2025 }, grossAnnual: gross, pensionRate: 5 });
  }
  return inputs;
};

const run = (name: string, compute: (input: PayInput) => unknown, inputs: PayInput[]) => {
  let sink = 0;
  const loop = (budgetMs: number) => {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < budgetMs) {
      for (let index = 0; index < inputs.length; index++) sink += compute(inputs[index]) === undefined ? 0 : 1;
      count += inputs.length;
      elapsed = performance.now() - start;
    }
    return { count, elapsed };
  };
  loop(WARM_UP_MS);
  const { count, elapsed } = loop(MEASURE_MS);
  const perSecond = Math.round((count / elapsed) * 1000);
  console.log(`${name.padEnd(38)} ${perSecond.toLocaleString('en-US').padStart(12)} computations/s  (${count.toLocaleString('en-US')} in ${Math.round(elapsed)} ms)`);
  return sink;
};

const inputs = createInputs();
console.log(`@bizdesk/payroll on Node ${process.version}, ${inputs.length} mixed employees (NG 2024/2025/2026, GH, other)`);
run('computePayMinor, no breakdown', (input) => computePayMinor(input, { breakdown: false }), inputs);
run('computePay (major units), no breakdown', (input) => computePay(input, { breakdown: false }), inputs);
run('computePay with payslip breakdown', (input) => computePay(input), inputs);
