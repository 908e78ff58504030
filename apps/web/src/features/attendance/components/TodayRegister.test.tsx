import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
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
});
