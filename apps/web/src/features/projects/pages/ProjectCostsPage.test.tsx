import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PROJECT_COST_CATEGORIES, type TProjectCertificate, type TProjectCosting } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { i18n } from '../../../shared/i18n/index.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { fail, mockFetch, OWNER, ok, on } from '../../employees/testApi.ts';
import { ProjectCostsPage } from './ProjectCostsPage.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('projects');
  setSessionUser(OWNER);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const P1 = '11111111-1111-4111-8111-111111111111';
const C1 = '22222222-2222-4222-8222-222222222221';
const C2 = '22222222-2222-4222-8222-222222222222';
const cert = (over: Partial<TProjectCertificate>): TProjectCertificate => ({
  _id: C1, number: 'IPC 1', date: '2026-02-01', grossMinor: 100_000_000, retentionMinor: 5_000_000, whtMinor: 2_500_000, otherDeductionsMinor: 0,
  netMinor: 92_500_000, paidMinor: 0, paidDate: null, status: 'billed', note: '', ...over,
});
const unpaid = cert({});
const partPaid = cert({ _id: C2, number: 'IPC 2', date: '2026-03-01', retentionMinor: 0, whtMinor: 300_000, otherDeductionsMinor: 100_000, netMinor: 99_600_000, paidMinor: 50_000_000, paidDate: '2026-03-05', status: 'part-paid', note: 'March' });
const line = { budgetMinor: null, committedMinor: 0, actualMinor: 0, forecastMinor: 0, varianceMinor: null };
const costing: TProjectCosting = {
  projectId: P1, name: 'Ikoyi Bridge', contractValueMinor: null, retentionPercent: '5', whtPercent: '2.5',
  budgetMinor: null, committedMinor: 0, actualMinor: 0, forecastMinor: 0, billedMinor: 200_000_000, paidMinor: 50_000_000,
  retentionHeldMinor: 5_000_000, whtSufferedMinor: 2_800_000, marginMinor: 200_000_000, marginBp: 10000,
  hasBudgetLines: false, categories: PROJECT_COST_CATEGORIES.map((category) => ({ category, ...line })), totals: line, months: [], bySource: [], certificates: [unpaid, partPaid],
};

const renderPage = (...handlers: Parameters<typeof mockFetch>) => {
  const api = mockFetch(
    ...handlers,
    on('GET', `/projects/${P1}/costing`, () => ok(costing)),
    on('GET', `/projects/${P1}/cost-entries`, () => ok([], { totalRecords: 0, page: 1, limit: 10 })),
  );
  renderWithApp(<Routes><Route path="/project-costs/:projectId" element={<ProjectCostsPage />} /></Routes>, { route: `/project-costs/${P1}` });
  return api;
};

describe('ProjectCostsPage: correcting and deleting certificates (on a 390 px phone)', () => {
  it('opens the certificate dialog pre-filled; retention and WHT at the project rate stay empty and follow a corrected gross', async () => {
    screenWidth(390);
    const api = renderPage(on('PUT', `/projects/${P1}/certificates/${C1}`, () => ok({ ...unpaid, grossMinor: 10_000_000 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit certificate IPC 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit certificate IPC 1' });
    expect(within(dialog).getByLabelText(/Certificate number/)).toHaveValue('IPC 1');
    expect(within(dialog).getByLabelText(/Certificate date/)).toHaveValue('2026-02-01');
    expect(within(dialog).getByLabelText(/Gross valuation/)).toHaveValue('1,000,000.00');
    expect(within(dialog).getByLabelText(/Retention withheld/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/WHT deducted/)).toHaveValue('');
    expect(within(dialog).getByTestId('certificate-preview')).toHaveTextContent(/Net due .*925,000\.00/);

    const gross = within(dialog).getByLabelText(/Gross valuation/);
    await userEvent.clear(gross);
    await userEvent.type(gross, '100000');
    expect(within(dialog).getByTestId('certificate-preview')).toHaveTextContent(/Net due .*92,500\.00/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save certificate' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ number: 'IPC 1', date: '2026-02-01', gross: '100000', note: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps typed amounts on a paid certificate, says what was paid, and shows the server refusal', async () => {
    screenWidth(390);
    renderPage(on('PUT', `/projects/${P1}/certificates/${C2}`, () => fail(409, 'Certificate IPC 2 has 500000.00 paid against it, more than the 400000.00 net this change would leave', 'CONFLICT')));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit certificate IPC 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit certificate IPC 2' });
    expect(dialog).toHaveTextContent(/The client has paid .*500,000\.00 against it/);
    expect(within(dialog).getByLabelText(/Retention withheld/)).toHaveValue('0.00');
    expect(within(dialog).getByLabelText(/WHT deducted/)).toHaveValue('3,000.00');
    expect(within(dialog).getByLabelText(/Other deductions/)).toHaveValue('1,000.00');
    expect(within(dialog).getByLabelText(/Note/)).toHaveValue('March');
    const gross = within(dialog).getByLabelText(/Gross valuation/);
    await userEvent.clear(gross);
    await userEvent.type(gross, '404000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save certificate' }));
    expect(await within(dialog).findByText(/has 500000\.00 paid against it/)).toBeInTheDocument();
  });

  it('deletes only after a confirmation naming the certificate; delete is unavailable, and says why, once it has payments', async () => {
    screenWidth(390);
    const api = renderPage(on('DELETE', `/projects/${P1}/certificates/${C1}`, () => ok({ _id: C1 }, { message: 'Certificate deleted' })));
    const blocked = await screen.findByRole('button', { name: 'Delete certificate IPC 2: not possible, payments are recorded against it' });
    expect(blocked).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete certificate IPC 1' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('dialog', { name: 'Delete certificate IPC 1?' });
    expect(confirm).toHaveTextContent(/IPC 1 .*1,000,000\.00 gross/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete certificate' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/v1/projects/${P1}/certificates/${C1}`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the confirmation and keeps it open", async () => {
    screenWidth(390);
    renderPage(on('DELETE', `/projects/${P1}/certificates/${C1}`, () => fail(409, 'Certificate IPC 1 has payments recorded against it (10.00), so it cannot be deleted: edit it instead to correct it', 'CONFLICT')));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete certificate IPC 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete certificate IPC 1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete certificate' }));
    expect(await within(confirm).findByText(/has payments recorded against it/)).toBeInTheDocument();
  });
});
