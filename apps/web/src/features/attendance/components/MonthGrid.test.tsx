import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { FlashHost } from '../../../shared/ui/FlashHost.tsx';
import { MonthGrid } from './MonthGrid.tsx';

const ADA = { _id: '11111111-1111-4111-8111-111111111111', name: 'Ada Obi', employeeNumber: 'EMP-00001', email: 'ada@adire.ng', department: 'Dyeing', departmentId: null, startDate: '2025-01-06' };
const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const totals = { present: 1, late: 0, absent: 1, leave: 0, sick: 0, off: 0 };

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('time');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MonthGrid editable cells (issue 33)', () => {
  it('a past day opens the change dialog, refuses to save without a reason, then saves with it; a future day is not a button', async () => {
    const labels: Array<string | null> = days.map(() => null);
    labels[23] = 'absent'; // 24 November
    let body: Record<string, unknown> | null = null;
    const api = mockFetch(
      on('GET', '/attendance/month/2026-11', () => ok({ month: '2026-11', days, rows: [{ employee: ADA, labels: [...labels], totals }], notes: [], suspensions: [] })),
      on('PUT', `/attendance/marks/${ADA._id}/2026-11-24`, (c) => {
        body = JSON.parse(String(c.body));
        labels[23] = 'present';
        return ok({ employeeId: ADA._id, date: '2026-11-24', label: 'present', source: 'correction', changed: true, note: null, leaveId: null }, { message: 'Attendance corrected' });
      }),
    );
    renderWithApp(<><MonthGrid month="2026-11" onMonth={() => {}} departmentId="" onDepartment={() => {}} departments={[]} today="2026-11-25" /><FlashHost /></>);
    const cell = await screen.findByRole('button', { name: /^Ada Obi, 24 Nov 2026: Absent\. Change/ });
    expect(screen.queryByRole('button', { name: /^Ada Obi, 26 Nov 2026/ })).toBeNull();
    await userEvent.click(cell);
    const dialog = await screen.findByRole('dialog', { name: /Change Ada Obi on/ });
    expect(within(dialog).getByText('Before: Absent')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Mark/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Present' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'At the client site; supervisor confirmed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(body).toEqual({ label: 'present', reason: 'At the client site; supervisor confirmed' }));
    expect(await screen.findByText('Change saved')).toBeInTheDocument();
  }, 30_000);

  it('a corrected day says who changed it and why; a suspended day without a mark shows SU', async () => {
    const labels: Array<string | null> = days.map(() => null);
    labels[22] = 'present';
    mockFetch(on('GET', '/attendance/month/2026-11', () => ok({
      month: '2026-11', days, rows: [{ employee: ADA, labels, totals }],
      notes: [{ employeeId: ADA._id, date: '2026-11-23', reason: 'Gate log shows 08:10', by: 'Funmi Bello', at: '2026-11-24T09:00:00.000Z', before: 'absent', kind: 'correction' }],
      suspensions: [{ _id: '33333333-3333-4333-8333-333333333333', employeeId: ADA._id, reason: 'Investigation', from: '2026-11-10', to: '2026-11-12', isPaid: false, createdAt: '2026-11-09T00:00:00.000Z' }],
    })));
    renderWithApp(<MonthGrid month="2026-11" onMonth={() => {}} departmentId="" onDepartment={() => {}} departments={[]} today="2026-11-25" />);
    const corrected = await screen.findByRole('button', { name: /^Ada Obi, 23 Nov 2026: Present\. Change \(Corrected: Corrected by Funmi Bello on 24 Nov 2026: Gate log shows 08:10\)/ });
    await userEvent.hover(corrected);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Corrected by Funmi Bello on 24 Nov 2026: Gate log shows 08:10');
    expect(screen.getByTestId('cell-2026-11-11')).toHaveTextContent('SU');
  }, 30_000);
});
