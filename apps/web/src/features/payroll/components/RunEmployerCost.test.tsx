import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TRun } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { RunEmployerCost } from './RunEmployerCost.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('pay');
});
afterEach(cleanup);

const totals = (over: Partial<TRun['totals']> = {}): TRun['totals'] => ({
  employees: 1, grossMinor: 50_000_000, taxMinor: 6_656_000, pensionMinor: 2_800_000, deductionsMinor: 500_000, netMinor: 40_044_000,
  employerMinor: 4_000_000, grossPayMinor: 50_000_000, employerByKind: { pensionMinor: 3_500_000, nsitfMinor: 500_000, itfMinor: 0, tier3Minor: 0 }, employerCostMinor: 54_000_000, ...over,
});
const figure = (testId: string) => within(screen.getByTestId(testId)).getByText((_t, el) => el?.hasAttribute('data-money') ?? false).getAttribute('data-money');

describe('RunEmployerCost', () => {
  it('shows a Nigerian run\'s employer pension, NSITF and ITF (saying why ITF is 0), their total and the cost to the employer', () => {
    renderWithApp(<RunEmployerCost totals={totals()} country="NG" currency="NGN" />);
    const section = screen.getByRole('region', { name: 'Paid by the employer on top of gross pay' });
    expect(within(section).getByText('Employer pension')).toBeInTheDocument();
    expect(figure('run-employer-pension')).toBe('3500000');
    expect(figure('run-employer-nsitf')).toBe('500000');
    expect(screen.getByTestId('run-employer-itf')).toHaveTextContent('Not charged: the business is not marked as ITF-liable');
    expect(figure('run-employer-total')).toBe('4000000');
    expect(figure('run-employer-cost')).toBe('54000000');
    expect(screen.queryByTestId('run-employer-tier3')).not.toBeInTheDocument();
  });

  it('names Ghana\'s employer pension as SSNIT and shows tier 3', () => {
    renderWithApp(<RunEmployerCost totals={totals({ employerByKind: { pensionMinor: 65_000, nsitfMinor: 0, itfMinor: 0, tier3Minor: 10_000 }, employerMinor: 75_000 })} country="GH" currency="GHS" />);
    expect(screen.getByTestId('run-employer-pension')).toHaveTextContent('SSNIT (employer, 13%)');
    expect(figure('run-employer-tier3')).toBe('10000');
    expect(screen.queryByTestId('run-employer-nsitf')).not.toBeInTheDocument();
  });
});
