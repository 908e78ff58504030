import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const run = (line: string) => runCli(line.split(' ').filter(Boolean));
const json = (line: string) => {
  const result = run(line);
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
  return JSON.parse(result.stdout);
};

describe('payroll command line', () => {
  it('prints annualTaxPayable 464240 for --country NG --year 2024 --gross 4000000', () => {
    const outputs = json('--country NG --year 2024 --gross 4000000');
    expect(outputs.annualTaxPayable).toBe(464_240);
    expect(outputs.monthlyTaxPayable).toBe(38_686.67);
    expect(Object.keys(outputs)).toEqual([
      'consolidatedSalary', 'annualSalary', 'monthlySalary', 'basic', 'housing', 'transport', 'entertainment', 'utility', 'cra', 'pensionFund',
      'taxableIncome', 'annualTaxPayable', 'monthlyTaxPayable', 'annualNetPay', 'monthlyNetPay', 'monthlySalaryAdjusted', 'totalMonthlySalary',
    ]);
  });

  it('prints the Nigeria Tax Act example: rent 1,000,000 and no pension → 834,000', () => {
    const outputs = json('--country NG --year 2026 --gross 6000000 --rent 1000000 --pension-rate 0');
    expect(outputs).toMatchObject({ annualTaxPayable: 834_000, monthlyTaxPayable: 69_500, taxableIncome: 5_800_000 });
  });

  it('takes every flag PAYROLL.md lists', () => {
    const outputs = json(
      '--country NG --year 2026 --month 7 --gross 10000000 --split 15,7.5,7.5 --pension-base gross --pension-rate 8 --nhf --nhis 10000 --life 100000 --mortgage 300000 --rent 1200000',
    );
    expect(outputs).toMatchObject({ taxableIncome: 8_402_500, annualTaxPayable: 1_302_450 });
  });

  it('takes the period amounts and prints the breakdown on request', () => {
    const outputs = json('--country NG --year 2024 --gross 4000000 --allowance 100000 --overtime 0 --loan 20000 --iou 10000 --breakdown');
    expect(outputs.totalMonthlySalary).toBe(321_180);
    expect(outputs.breakdown.bands).toHaveLength(6);
    expect(outputs.breakdown.oneOff.tax).toBe(16_800);
  });

  it('uses the Ghana rules for --country GH', () => {
    expect(json('--country GH --year 2024 --gross 120000')).toMatchObject({ monthlyTaxPayable: 2016, monthlyNetPay: 7654 });
  });

  it('prints the month\'s statutory figures with --statutory (PAYROLL.md employer example)', () => {
    const ng = json('--country NG --year 2026 --month 11 --gross 6000000 --split 40,20,10 --pension-base basic-housing-transport --nhf --itf --employer-pension-rate 12 --statutory');
    expect(ng.statutory).toMatchObject({ pensionableBase: 350_000, pensionEmployee: 28_000, pensionEmployer: 42_000, nhf: 5000, nsitf: 5000, itf: 5000, employerTotal: 52_000 });
    const gh = json('--country GH --year 2026 --gross 120000 --split 50,20,30 --tier3-employee 5 --bonus 9000 --bonus-earlier 0 --statutory');
    expect(gh.statutory).toMatchObject({ ssnitTier1: 675, ssnitTier2: 250, tier3Employee: 250, bonusTax: 450 });
    expect(json('--country GH --year 2026 --gross 120000').statutory).toBeUndefined();
    expect(run('--country NG --year 2026 --gross 6000000 --employer-pension-rate 9').stderr).toBe('payroll: --employer-pension-rate must be at least 10%, the Employer pension contribution (Pension Reform Act 2014) minimum (got 9%)\n');
  });

  it('prints help and exits 0', () => {
    const result = run('--help');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('--pension-base');
  });

  it.each([
    ['--country NG --year 2024 --gross 0', 'payroll: --gross must be greater than 0 (got "0")'],
    ['--country NG --year 2024 --gross -5', 'payroll: --gross must not be negative (got "-5")'],
    ['--country NG --year 2024 --gross 4000000 --allowance -1', 'payroll: --allowance must not be negative (got "-1")'],
    ['--country NG --year 2024 --gross 4e6', 'payroll: --gross must be a number with at most 2 decimal places, like 4000000 or 38686.67 (got "4e6")'],
    ['--country NG --year 2024', 'payroll: --gross is required (see --help)'],
    ['--country NG --gross 4000000', 'payroll: --year is required (see --help)'],
    ['--country NG --year 2024 --gross 4000000 --commission 5', 'payroll: unknown flag --commission (see --help)'],
    ['--country NG --year 2024 --gross', 'payroll: --gross needs a value'],
    ['--country NG --year 2024 --gross 4000000 --nhf=yes', 'payroll: --nhf takes no value'],
    ['--country NG --year 2024 --gross 4000000 extra', 'payroll: unexpected argument "extra" (flags look like --gross 4000000; see --help)'],
    ['--country NG --year twenty --gross 4000000', 'payroll: --year must be a whole number from 2000 to 2100 (got "twenty")'],
    ['--country NG --year 2024 --month 13 --gross 4000000', 'payroll: --month must be a whole number from 1 to 12 (got 13)'],
    ['--country NG --year 2024 --gross 4000000 --split 50,30', 'payroll: --split must be three percentages basic,housing,transport like 15,7.5,7.5 (got "50,30")'],
    ['--country NG --year 2024 --gross 4000000 --split 15,x,7.5', 'payroll: --split must be a number with at most 2 decimal places, like 8 or 7.5 (got "x")'],
    ['--country NG --year 2024 --gross 4000000 --pension-base basic', 'payroll: --pension-base must be gross or basic-housing-transport under Personal Income Tax Act (as amended), Nigeria (got "basic")'],
    ['--country NG --year 2024 --gross 4000000 --rent 1000000', 'payroll: --rent does not apply under Personal Income Tax Act (as amended), Nigeria'],
    ['--country GH --year 2023 --gross 120000', 'payroll: --year has no GH tax rules for 2023-01-01 (known: GH-2024 from 2024-01-01)'],
  ])('%s → one clear line, exit 1', (line, message) => {
    const result = run(line);
    expect(result).toEqual({ exitCode: 1, stdout: '', stderr: `${message}\n` });
  });

  it('exits non-zero from the real process on a bad value', () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const good = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--country', 'NG', '--year', '2024', '--gross', '4000000'], { cwd, encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout).annualTaxPayable).toBe(464_240);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--country', 'NG', '--year', '2024', '--gross', '-1'], { cwd, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('payroll: --gross must not be negative (got "-1")\n');
  });
});
