import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { changeLanguage, i18n } from '../../../shared/i18n/index.ts';
import { setDateRegion } from '../../../shared/format/dates.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { LeaveRequestDialog, LeaveRequests } from './LeaveRequests.tsx';

const TYPES = ['annual', 'sick', 'maternity', 'compassionate'].map((name, i) => ({ _id: `0000000${i}-0000-4000-8000-000000000000`, name, yearlyEntitlement: 10, accruesMonthly: false, carryForwardCap: 0 }));
const EMPLOYEE = { _id: '11111111-1111-4111-8111-111111111111', name: 'Ada Obi', employeeNumber: 'EMP-1', departmentId: null, department: null, email: 'ada@adire.ng' };
const REQUEST = {
  _id: '22222222-2222-4222-8222-222222222222', employeeId: EMPLOYEE._id, employeeName: 'Ada Obi', department: null, type: 'annual',
  leaveTypeId: TYPES[0]!._id, startDate: '2026-12-01', endDate: '2026-12-04', days: 4, reason: 'Rest', status: 'pending', decisionReason: null,
  requestedBy: 'hr', createdAt: '2026-11-20T10:00:00.000Z', decidedAt: null,
};

beforeAll(async () => {
  await setupI18n();
  for (const language of ['fr', 'de'] as const) {
    await changeLanguage(language);
    await i18n.loadNamespaces(['time', 'words']);
  }
  setDateRegion('NG', 'Africa/Lagos');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  setDateRegion(null);
  await changeLanguage('en');
});

describe('leave in the reader\'s language (issue 30)', () => {
  it('names leave types and dates the German way in the requests list', async () => {
    await changeLanguage('de');
    mockFetch(
      on('GET', '/leave/requests', () => jsonResponse({ success: true, data: [REQUEST], page: 1, limit: 10, total: 1, totalRecords: 1 })),
      on('GET', '/leave/types', () => ok(TYPES)),
    );
    renderWithApp(<LeaveRequests employees={[EMPLOYEE as never]} />);
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Jahresurlaub')).toBeInTheDocument();
    expect(within(grid).getByText('01.12.2026 – 04.12.2026')).toBeInTheDocument();
    expect(within(grid).queryByText('annual')).not.toBeInTheDocument();
  });

  it('shows the server\'s leave year rule in French, naming the field by the form\'s own label', async () => {
    await changeLanguage('fr');
    mockFetch(
      on('GET', '/leave/types', () => ok(TYPES)),
      on('POST', `/employee/leave/${EMPLOYEE._id}`, () => jsonResponse({
        success: false, code: 'VALIDATION', field: 'endDate', messageKey: 'leaveOneYear',
        message: 'endDate: leave must end in the year it starts; make one request per year',
      }, 400)),
    );
    renderWithApp(<LeaveRequestDialog open onClose={() => undefined} employeeId={EMPLOYEE._id} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: i18n.getFixedT('fr', 'time')('leave.type') }));
    expect(await screen.findByRole('option', { name: 'Congé maladie' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Congé annuel' }));
    await userEvent.type(within(dialog).getByTestId('leave-start'), '2026-12-30');
    await userEvent.clear(within(dialog).getByTestId('leave-end'));
    await userEvent.type(within(dialog).getByTestId('leave-end'), '2027-01-02');
    await userEvent.type(within(dialog).getByTestId('leave-reason'), 'Fêtes');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.getFixedT('fr', 'time')('leave.request') }));
    const label = i18n.getFixedT('fr', 'time')('leave.endDate');
    expect(await within(dialog).findByText(`${label} : le congé doit se terminer l’année où il commence ; faites une demande par année`)).toBeInTheDocument();
    expect(within(dialog).queryByText(/endDate/)).not.toBeInTheDocument();
  }, 30_000);
});
