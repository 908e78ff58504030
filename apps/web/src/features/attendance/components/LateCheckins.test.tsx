import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { fail, mockFetch, ok, on } from '../../employees/testApi.ts';
import { LateCheckins } from './LateCheckins.tsx';

const ADA = '11111111-1111-4111-8111-111111111111';
const BAYO = '22222222-2222-4222-8222-222222222222';
const checkin = (id: string, employeeId: string, employeeName: string, made: string, received: string, date: string) => ({
  _id: id, employeeId, employeeName, email: `${employeeId}@adire.ng`, date, checkInTime: made, checkInReceivedAt: received,
  checkInLocation: null, checkInSite: null, isLate: false, checkInSyncedLate: true, checkInReview: 'pending',
  checkOutTime: null, checkOutReceivedAt: null, checkOutLocation: null, checkOutSyncedLate: false, recordedBy: 'portal',
});
const ADA_CHECKIN = checkin('33333333-3333-4333-8333-333333333333', ADA, 'Ada Obi', '2026-11-22T07:45:00.000Z', '2026-11-23T06:10:00.000Z', '2026-11-22');
const BAYO_CHECKIN = checkin('44444444-4444-4444-8444-444444444444', BAYO, 'Bayo Ade', '2026-11-22T08:05:00.000Z', '2026-11-22T19:30:00.000Z', '2026-11-22');

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('time');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LateCheckins (HR reviews check-ins that synced too late)', () => {
  it('shows who, the day, the device time and the arrival; Accept asks first, then decides and the check-in leaves the list', async () => {
    let pending = [ADA_CHECKIN, BAYO_CHECKIN];
    const api = mockFetch(
      on('GET', '/attendance/checkins/pending-review', () => ok(pending)),
      on('PUT', `/attendance/checkins/${ADA_CHECKIN._id}/review`, () => {
        pending = pending.filter((c) => c._id !== ADA_CHECKIN._id);
        return ok({ ...ADA_CHECKIN, checkInReview: 'accepted' }, { message: 'Check-in reviewed' });
      }),
    );
    renderWithApp(<LateCheckins timeZone="Africa/Lagos" />);
    const row = await screen.findByRole('article', { name: 'Ada Obi' });
    expect(within(row).getByText(/^Day: Sunday,? 22 November 2026$/)).toBeInTheDocument();
    // Lagos is UTC+1: made at 08:45 on the 22nd, arrived at 07:10 on the 23rd.
    expect(within(row).getByText(/^Taken on the device: 22 Nov 2026,? 08:45$/)).toBeInTheDocument();
    expect(within(row).getByText(/^Arrived: 23 Nov 2026,? 07:10$/)).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: "Accept Ada Obi's check-in" }));
    const dialog = await screen.findByRole('dialog', { name: "Accept Ada Obi's check-in?" });
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ada Obi' })).not.toBeInTheDocument());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v1/attendance/checkins/${ADA_CHECKIN._id}/review`);
    expect(JSON.parse(String(put.body))).toEqual({ decision: 'accepted' });
    expect(await screen.findByRole('article', { name: 'Bayo Ade' })).toBeInTheDocument();
  }, 30_000);

  it('shows the server\'s refusal on the check-in, and an empty state when nothing waits', async () => {
    mockFetch(
      on('GET', '/attendance/checkins/pending-review', () => ok([BAYO_CHECKIN])),
      on('PUT', `/attendance/checkins/${BAYO_CHECKIN._id}/review`, () => fail(409, 'This check-in is already accepted', 'CONFLICT')),
    );
    renderWithApp(<LateCheckins timeZone="Africa/Lagos" />);
    const row = await screen.findByRole('article', { name: 'Bayo Ade' });
    await userEvent.click(within(row).getByRole('button', { name: "Reject Bayo Ade's check-in" }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await within(row).findByText('This check-in is already accepted')).toBeInTheDocument();
    cleanup();

    mockFetch(on('GET', '/attendance/checkins/pending-review', () => ok([])));
    renderWithApp(<LateCheckins timeZone="Africa/Lagos" />);
    expect(await screen.findByText('No late check-ins to review')).toBeInTheDocument();
  }, 30_000);
});
