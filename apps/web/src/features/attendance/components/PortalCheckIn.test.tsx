import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIME_MSG } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { fail, mockFetch, ok, on } from '../../employees/testApi.ts';

vi.mock('idb-keyval', () => import('../../../test/memoryIdbKeyval.ts'));
const { memory } = await import('../../../test/memoryIdbKeyval.ts');

const { enqueue, outcomes, queued } = await import('../offlineQueue.ts');
const { PortalCheckIn } = await import('./PortalCheckIn.tsx');

const EMPLOYEE = '11111111-1111-4111-8111-111111111111';
const TODAY = '2026-11-23';
const attendance = {
  employee: { _id: EMPLOYEE, name: 'Ada Obi', employeeNumber: 'EMP-00001', email: 'ada@adire.ng', department: null, departmentId: null, startDate: '2025-01-06' },
  checkins: [], marks: [], suspension: null, today: TODAY, requireCoordinates: false,
};
const checkin = (review: string | null) => ({
  _id: '33333333-3333-4333-8333-333333333333', employeeId: EMPLOYEE, employeeName: 'Ada Obi', email: 'ada@adire.ng', date: '2026-11-22',
  checkInTime: '2026-11-22T07:45:00.000Z', checkInReceivedAt: '2026-11-23T00:00:00.000Z', checkInLocation: null, checkInSite: null, isLate: false,
  checkInSyncedLate: true, checkInReview: review, checkOutTime: null, checkOutReceivedAt: null, checkOutLocation: null, checkOutSyncedLate: false, recordedBy: 'portal',
});

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('time');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  memory.clear();
});

/** Issue 29, item 7: a queued check-in the server refuses on reconnect is shown with the reason, not dropped silently. */
describe('PortalCheckIn offline queue', () => {
  it('shows a refused queued check-in with the server\'s reason until the employee dismisses it', async () => {
    await enqueue({ kind: 'in', employeeId: EMPLOYEE, time: '2026-11-22T07:45:00.000Z' });
    const reason = 'checkInTime: a check-in or check-out is accepted up to 24 hours after it was made; this one was made 25 hours ago';
    mockFetch(
      on('GET', `/attendance/getAttendance/${EMPLOYEE}`, () => ok(attendance)),
      on('POST', '/attendance/mark-in', () => fail(400, reason)),
    );
    renderWithApp(<PortalCheckIn employeeId={EMPLOYEE} token="portal-token" />);
    const alert = await screen.findByTestId('portal-queue-outcome');
    expect(alert.textContent).toContain('Not recorded');
    expect(alert.textContent).toContain('25 hours ago');
    expect(await queued(EMPLOYEE)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('portal-queue-outcome')).toBeNull());
    expect(await outcomes(EMPLOYEE)).toEqual([]);
  });

  it('tells the employee when a queued check-in was recorded but waits for HR', async () => {
    await enqueue({ kind: 'in', employeeId: EMPLOYEE, time: '2026-11-22T07:45:00.000Z' });
    mockFetch(
      on('GET', `/attendance/getAttendance/${EMPLOYEE}`, () => ok(attendance)),
      on('POST', '/attendance/mark-in', () => ok(checkin('pending'), { message: TIME_MSG.checkInNeedsReview }, 201)),
    );
    renderWithApp(<PortalCheckIn employeeId={EMPLOYEE} token="portal-token" />);
    const alert = await screen.findByTestId('portal-queue-outcome');
    expect(alert.textContent).toContain('waits for HR');
    expect(alert.textContent).toContain(TIME_MSG.checkInNeedsReview);
  });
});
