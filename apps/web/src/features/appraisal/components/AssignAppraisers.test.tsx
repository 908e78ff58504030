import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAppraisalConfig } from '@bizdesk/contract';
import { renderWithApp } from '../../../test/render.tsx';
import { employee, mockFetch, ok, on, setupPeopleTexts } from '../../employees/testApi.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { AssignAppraisersDialog } from './AssignAppraisersDialog.tsx';
import { LaunchCycleCard } from './LaunchCycleCard.tsx';

const SALES = '11111111-1111-4111-8111-111111111111';
const FIELD = '22222222-2222-4222-8222-222222222222';
const departments = [{ _id: SALES, name: 'Sales' }, { _id: FIELD, name: 'Field' }];
const femi = employee({ _id: '33333333-3333-4333-8333-333333333333', name: 'Femi Ade', employeeNumber: 'EMP-00003', department: 'Finance' });
const mariam = employee({ _id: '44444444-4444-4444-8444-444444444444', name: 'Mariam Okafor', employeeNumber: 'EMP-00004', department: 'Head office' });

beforeAll(async () => {
  await setupPeopleTexts();
  await i18n.loadNamespaces('appraisal');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AssignAppraisersDialog: appraisers for a whole department', () => {
  it('uses uplines by default and says how many were set, kept and left out, in the right plural', async () => {
    const api = mockFetch(on('POST', '/employee/appraisal-appraisers', () => ok({ assigned: 19, kept: 1, unassigned: [{ _id: SALES, name: 'Lone Worker', reason: 'x' }] }, { message: 'Appraisers assigned' })));
    renderWithApp(<AssignAppraisersDialog departments={departments} departmentId={FIELD} staff={[femi, mariam]} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Assign appraisers to a department' });
    expect(within(dialog).getByRole('radio', { name: "Each employee's upline (their superior when no upline is set)" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const result = await within(dialog).findByTestId('assign-result');
    expect(result).toHaveTextContent('Appraisers set for 19 employees.');
    expect(result).toHaveTextContent('1 employee kept the appraiser already set.');
    expect(result).toHaveTextContent('1 employee has no upline or superior: Lone Worker');
    expect(JSON.parse(String(api.calls[0].body))).toEqual({ department: FIELD, mode: 'uplines', replace: false });
  }, 30_000);

  it('asks for the person when one person appraises everyone, offering staff of every department', async () => {
    const api = mockFetch(on('POST', '/employee/appraisal-appraisers', () => ok({ assigned: 1, kept: 0, unassigned: [] }, { message: 'Appraisers assigned' })));
    renderWithApp(<AssignAppraisersDialog departments={departments} departmentId={SALES} staff={[femi, mariam]} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Assign appraisers to a department' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'One person for everyone' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also replace appraisers already set' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Appraiser: choose the person who appraises everyone')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Appraiser' }));
    await userEvent.click(await screen.findByRole('option', { name: /Femi Ade/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByTestId('assign-result')).toHaveTextContent('Appraiser set for 1 employee.');
    expect(JSON.parse(String(api.calls[0].body))).toEqual({ department: SALES, mode: 'person', appraiserId: femi._id, replace: true });
  }, 30_000);
});

describe('LaunchCycleCard: counted texts follow each language’s plural rules', () => {
  const config: TAppraisalConfig = {
    departmentId: FIELD, department: 'Field', unit: 'Main', criteria: [{ _id: SALES, name: 'Safe driving', description: '', weight: 100 }],
    upwardQuestions: [], scale: { min: 1, max: 5 }, updatedAt: null,
  };
  const launch = async (sent: number, skipped: string[]) => {
    mockFetch(on('POST', '/employee/send-appraisal', () => ok({
      cycle: { counts: { sent, submitted: 0, review: 0, countersigned: 0, upwardSent: 0, upwardSubmitted: 0 } },
      skipped: skipped.map((name) => ({ _id: SALES, name, reason: 'x' })),
    }, { message: 'Appraisal forms sent' }, 201)));
    renderWithApp(<LaunchCycleCard config={config} ownerEmail="amaka@adebayofoods.ng" />);
    await userEvent.type(screen.getByTestId('cycle-period'), '2026');
    await userEvent.click(screen.getByTestId('send-appraisals'));
    return screen.findByTestId('launch-sent');
  };

  it('English: one and many', async () => {
    expect(await launch(1, ['Lone Worker'])).toHaveTextContent('Sent for 1 employee.');
    expect(screen.getByTestId('launch-skipped')).toHaveTextContent('1 employee was not sent (no appraiser, upline or superior): Lone Worker');
    cleanup();
    expect(await launch(20, ['A', 'B'])).toHaveTextContent('Sent for 20 employees.');
    expect(screen.getByTestId('launch-skipped')).toHaveTextContent('2 employees were not sent');
  }, 30_000);

  it('German and French, where 0 takes the singular', async () => {
    await i18n.changeLanguage('de');
    expect(await launch(1, [])).toHaveTextContent('Für 1 Person versandt.');
    cleanup();
    expect(await launch(3, [])).toHaveTextContent('Für 3 Personen versandt.');
    cleanup();
    await i18n.changeLanguage('fr');
    expect(await launch(0, [])).toHaveTextContent('Envoyé pour 0 employé.');
    cleanup();
    expect(await launch(20, [])).toHaveTextContent('Envoyé pour 20 employés.');
  }, 30_000);
});
