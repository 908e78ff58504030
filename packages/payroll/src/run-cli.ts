import { parseArgs } from 'node:util';
import { computePay } from './compute-pay.ts';
import { PayrollInputError } from './errors.ts';
import type { PayInput, PensionBase } from './types.ts';

export type CliResult = { exitCode: number; stdout: string; stderr: string };

const STRING_FLAGS = [
  'country',
  'year',
  'month',
  'gross',
  'split',
  'pension-base',
  'pension-rate',
  'nhis',
  'life',
  'mortgage',
  'rent',
  'employer-pension-rate',
  'tier3-employee',
  'tier3-employer',
  'allowance',
  'bonus',
  'bonus-earlier',
  'overtime',
  'iou',
  'loan',
] as const;

const OPTIONS = {
  ...Object.fromEntries(STRING_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
  nhf: { type: 'boolean' as const },
  itf: { type: 'boolean' as const },
  statutory: { type: 'boolean' as const },
  breakdown: { type: 'boolean' as const },
  help: { type: 'boolean' as const, short: 'h' },
};

export const USAGE = `Usage: npm run payroll -- --country NG --year 2026 --gross 6000000 [flags]

Prints one employee's pay for one period as JSON (major units, 2 decimals).

  --country CC            two-letter country code (NG and GH have tax rules)   required
  --year YYYY             tax year of the pay period                           required
  --month M               month of the pay period, 1-12 (default 1)
  --gross AMOUNT          annual gross pay                                     required
  --split B,H,T           basic,housing,transport percentages (default: the country's split)
  --pension-base BASE     gross | basic-housing-transport (NG; default gross)
  --pension-rate PERCENT  employee pension rate (NG default 8; fixed in GH)
  --nhf                   deduct National Housing Fund, 2.5% of basic (NG)
  --nhis AMOUNT           monthly health insurance deduction (NG)
  --life AMOUNT           annual life assurance premium (NG)
  --mortgage AMOUNT       annual interest on an owner-occupied house loan (NG from 2026)
  --rent AMOUNT           annual rent, for rent relief (NG from 2026)
  --employer-pension-rate PERCENT  employer pension rate of basic+housing+transport (NG; default and minimum 10)
  --itf                   the business pays the Industrial Training Fund, 1% of pay (NG)
  --tier3-employee PERCENT  voluntary tier 3 pension of basic, employee (GH)
  --tier3-employer PERCENT  voluntary tier 3 pension of basic, employer (GH)
  --allowance AMOUNT      one-off allowance this period
  --bonus AMOUNT          bonus this period (GH: 5% final up to 15% of annual basic)
  --bonus-earlier AMOUNT  bonuses paid earlier in the year (GH)
  --overtime AMOUNT       overtime this period
  --iou AMOUNT            IOU recovered this period
  --loan AMOUNT           loan repayment this period
  --statutory             also print the month's statutory figures (employer pension, NSITF, ITF, SSNIT tiers)
  --breakdown             also print the breakdown (bands, reliefs, deductions)
  -h, --help              show this help`;

// Names the engine uses for a field → the flag a person typed.
const FLAG_OF_FIELD: Record<string, string> = {
  country: '--country',
  period: '--year',
  'period.year': '--year',
  'period.month': '--month',
  grossAnnual: '--gross',
  split: '--split',
  pensionBase: '--pension-base',
  pensionRate: '--pension-rate',
  nhf: '--nhf',
  nhisMonthly: '--nhis',
  lifeAssuranceAnnual: '--life',
  mortgageInterestAnnual: '--mortgage',
  rentAnnual: '--rent',
  employerPensionRate: '--employer-pension-rate',
  isItfLiable: '--itf',
  tier3EmployeeRate: '--tier3-employee',
  tier3EmployerRate: '--tier3-employer',
  allowance: '--allowance',
  bonus: '--bonus',
  bonusEarlierInYear: '--bonus-earlier',
  overtime: '--overtime',
  iou: '--iou',
  loanRepayment: '--loan',
};

const fail = (line: string): CliResult => ({ exitCode: 1, stdout: '', stderr: `payroll: ${line}\n` });

// parseArgs reads `--gross -5` as a flag with no value; joining them lets the engine
// give its own message ("must not be negative") instead of a parser riddle.
const joinNegativeValues = (argv: readonly string[]): string[] => {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const next = argv[index + 1];
    if ((STRING_FLAGS as readonly string[]).includes(arg.slice(2)) && arg.startsWith('--') && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
};

const describeParseError = (error: Error & { code?: string }): string => {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const flag = quoted.split(' ')[0];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown flag ${flag} (see --help)`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${JSON.stringify(quoted)} (flags look like --gross 4000000; see --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take an argument') ? `${flag} takes no value` : `${flag} needs a value`;
    default:
      return error.message.split('\n')[0];
  }
};

const toInput = (values: Record<string, string | boolean | undefined>): PayInput | string => {
  for (const flag of ['country', 'year', 'gross'] as const) if (values[flag] === undefined) return `--${flag} is required (see --help)`;
  const asNumber = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : text);
  const text = (flag: string) => values[flag] as string | undefined;
  let split: PayInput['split'];
  if (text('split') !== undefined) {
    const parts = text('split')!.split(',');
    if (parts.length !== 3) return `--split must be three percentages basic,housing,transport like 15,7.5,7.5 (got ${JSON.stringify(text('split'))})`;
    split = { basic: parts[0], housing: parts[1], transport: parts[2] };
  }
  const input: PayInput = {
    country: text('country')!,
    period: { year: asNumber(text('year')) as number, month: asNumber(text('month')) as number | undefined },
    grossAnnual: text('gross')!,
    split,
    pensionBase: text('pension-base') as PensionBase | undefined,
    pensionRate: text('pension-rate'),
    nhf: values.nhf === true ? true : undefined,
    nhisMonthly: text('nhis'),
    lifeAssuranceAnnual: text('life'),
    mortgageInterestAnnual: text('mortgage'),
    rentAnnual: text('rent'),
    employerPensionRate: text('employer-pension-rate'),
    isItfLiable: values.itf === true ? true : undefined,
    tier3EmployeeRate: text('tier3-employee'),
    tier3EmployerRate: text('tier3-employer'),
    allowance: text('allowance'),
    bonus: text('bonus'),
    bonusEarlierInYear: text('bonus-earlier'),
    overtime: text('overtime'),
    iou: text('iou'),
    loanRepayment: text('loan'),
  };
  // Keep only what was given, so "not set" and "set to nothing" cannot differ.
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as PayInput;
};

/** The command line without the process: argv in, exit code and text out (so tests need no child process). */
export const runCli = (argv: readonly string[]): CliResult => {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return fail(describeParseError(error as Error & { code?: string }));
  }
  if (values.help) return { exitCode: 0, stdout: `${USAGE}\n`, stderr: '' };
  const input = toInput(values);
  if (typeof input === 'string') return fail(input);
  try {
    const { breakdown, ...outputs } = computePay(input);
    const printed = { ...outputs, ...(values.statutory ? { statutory: breakdown.statutory } : {}), ...(values.breakdown ? { breakdown } : {}) };
    return { exitCode: 0, stdout: `${JSON.stringify(printed, null, 2)}\n`, stderr: '' };
  } catch (error) {
    if (!(error instanceof PayrollInputError)) throw error;
    const flag = FLAG_OF_FIELD[error.field] ?? FLAG_OF_FIELD[error.field.split('.')[0]] ?? error.field;
    return fail(`${flag} ${error.reason}`);
  }
};
