import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { FlashHost } from '../../../shared/ui/FlashHost.tsx';
import { TodayRegister } from './TodayRegister.tsx';

const EMAIL = 'owner@adire.ng';
const TODAY = '2026-11-23';
const person = (id: string, name: string, number: string) => ({ _id: id, name, employeeNumber: number, email: `${id}@adire.ng`, department: 'Dyeing', departmentId: null, startDate: '2025-01-06' });
const ADA = person('11111111-1111-4111-8111-111111111111', 'Ada Obi', 'EMP-00001');
const BAYO = person('22222222-2222-4222-8222-222222222222', 'Bayo Ade', 'EMP-00002');

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('time');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TodayRegister', () => {
  it('marks an employee with one click (the spec\'s GET), shows check-ins, and marks everyone else present', async () => {
    const marks = [{ employeeId: BAYO._id, date: TODAY, label: 'sick', source: 'sick' }];
    const checkin = {
      _id: '33333333-3333-4333-8333-333333333333', employeeId: BAYO._id, employeeName: 'Bayo Ade', email: BAYO.email, date: TODAY,
      checkInTime: '2026-11-23T07:45:00.000Z', checkInReceivedAt: '2026-11-23T10:00:00.000Z', checkInLocation: { latitude: 6.45, longitude: 3.39, accuracy: 12 },
      checkInSite: { _id: 'site', name: 'Head office', distanceMeters: 40 }, isLate: false, checkInSyncedLate: true,
      checkOutTime: null, checkOutReceivedAt: null, checkOutLocation: null, checkOutSyncedLate: false, recordedBy: 'portal',
    };
    const api = mockFetch(
      on('GET', `/employee/all-attendance/${EMAIL}/0`, () => ok({ from: TODAY, to: TODAY, employees: [ADA, BAYO], marks, checkins: [checkin] })),
      on('GET', `/employee/mark/${TODAY}/${ADA._id}/late`, () => {
        marks.push({ employeeId: ADA._id, date: TODAY, label: 'late', source: 'manual' });
        return ok({ employeeId: ADA._id, date: TODAY, label: 'late', source: 'manual', changed: true }, { message: 'Attendance marked' });
      }),
      on('GET', `/employee/all/mark/${EMAIL}/${TODAY}/present`, () => ok({ date: TODAY, label: 'present', marked: 0, kept: 2 })),
    );
    renderWithApp(<><TodayRegister email={EMAIL} timeZone="Africa/Lagos" /><FlashHost /></>);
    expect(await screen.findByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByTestId('mark-EMP-00002-sick')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('register-checkin')).toHaveTextContent('Head office');
    expect(screen.getByText('Synced late')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark Ada Obi as Late' }));
    await waitFor(() => expect(screen.getByTestId('mark-EMP-00001-late')).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls.some((c) => c.url.pathname === `/api/v1/employee/mark/${TODAY}/${ADA._id}/late` && c.method === 'GET')).toBe(true);

    await userEvent.click(screen.getByTestId('mark-all-present'));
    expect(await screen.findByText('0 employees marked present; 2 kept their mark.')).toBeInTheDocument();
  }, 30_000);

  it('the date picker opens a past day (never a future one); a mark there asks for a reason and shows who corrected it', async () => {
    const past = '2026-11-20';
    const note = { employeeId: ADA._id, date: past, reason: 'Gate log shows 08:10', by: 'Funmi Bello', at: '2026-11-21T09:00:00.000Z', before: 'absent', kind: 'correction' };
    const api = mockFetch(
      on('GET', `/employee/all-attendance/${EMAIL}/0`, (c) => (c.url.searchParams.get('to') === past
        ? ok({ from: past, to: past, employees: [ADA, BAYO], marks: [{ employeeId: ADA._id, date: past, label: 'present', source: 'correction' }], checkins: [], notes: [note],
          suspensions: [{ _id: '44444444-4444-4444-8444-444444444444', employeeId: BAYO._id, reason: 'x', from: '2026-11-19', to: '2026-11-21', isPaid: false, createdAt: '2026-11-18T00:00:00.000Z' }] })
        : ok({ from: TODAY, to: TODAY, employees: [ADA, BAYO], marks: [], checkins: [], notes: [], suspensions: [] }))),
      on('PUT', `/attendance/marks/${BAYO._id}/${past}`, () => ok({ employeeId: BAYO._id, date: past, label: 'off', source: 'correction', changed: true, note: null, leaveId: null })),
    );
    renderWithApp(<><TodayRegister email={EMAIL} timeZone="Africa/Lagos" today={TODAY} /><FlashHost /></>);
    expect(await screen.findByText('Ada Obi')).toBeInTheDocument();
    const picker = screen.getByTestId('register-day');
    expect(picker).toHaveAttribute('max', TODAY);

    fireEvent.change(picker, { target: { value: '2026-11-24' } });
    expect(await screen.findByText('A future day cannot be marked; choose today or an earlier day.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.searchParams.get('to') === '2026-11-24')).toBe(false);

    fireEvent.change(picker, { target: { value: past } });
    await waitFor(() => expect(screen.getByTestId('register-date')).toHaveTextContent('20 November 2026'));
    expect(screen.getByText(/You are marking a past day/)).toBeInTheDocument();
    expect(screen.getByTestId('mark-EMP-00001-present')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('register-corrected')).toHaveAttribute('aria-description', 'Corrected by Funmi Bello on 21 Nov 2026: Gate log shows 08:10');
    expect(screen.getByText('Suspended until 21 Nov 2026')).toBeInTheDocument();

    // A past day is not one click: the change asks for a reason first.
    await userEvent.click(screen.getByRole('button', { name: 'Mark Bayo Ade as Off' }));
    const dialog = await screen.findByRole('dialog', { name: /Change Bayo Ade on/ });
    expect(api.calls.some((c) => c.method === 'PUT' || c.url.pathname.includes('/employee/mark/'))).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Was on a rest day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && JSON.parse(String(c.body)).label === 'off')).toBe(true));
  }, 30_000);
});
