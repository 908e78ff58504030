import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { PortalCorrection } from './PortalCorrection.tsx';

const ID = '11111111-1111-4111-8111-111111111111';
const ME = { _id: ID, name: 'Ada Obi', employeeNumber: 'EMP-00001', email: 'ada@adire.ng', department: null, departmentId: null, startDate: '2025-01-06' };

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('time');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalCorrection (issue 33)', () => {
  it('asks for a past day to be marked, naming a missing field, and shows each request with its decision', async () => {
    const list = [{ _id: '22222222-2222-4222-8222-222222222222', employeeId: ID, employeeName: 'Ada Obi', date: '2026-11-10', label: 'present', checkInTime: null,
      reason: 'Phone was flat', status: 'approved', decidedBy: 'Funmi Bello', decisionReason: null, decidedAt: '2026-11-11T08:00:00.000Z', createdAt: '2026-11-10T18:00:00.000Z' }];
    const api = mockFetch(
      on('GET', `/attendance/getAttendance/${ID}`, () => ok({ employee: ME, checkins: [], marks: [], suspension: null, today: '2026-11-23', requireCoordinates: false })),
      on('GET', `/attendance/corrections/${ID}`, () => ok(list)),
      on('POST', '/attendance/corrections', (c) => {
        const body = JSON.parse(String(c.body));
        const row = { ...list[0], _id: '33333333-3333-4333-8333-333333333333', ...body, checkInTime: body.checkInTime ?? null, status: 'pending', decidedBy: null, decidedAt: null };
        list.unshift(row);
        return ok(row, { message: 'Correction requested' }, 201);
      }),
    );
    renderWithApp(<PortalCorrection employeeId={ID} token="portal-token" />);
    expect(await screen.findByText('Approved by Funmi Bello')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2026-11-20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('What happened is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /What happened/ }), 'Forgot to check in at the gate');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ employeeId: ID, date: '2026-11-20', label: 'present', reason: 'Forgot to check in at the gate' })));
    expect(await screen.findByText('Waiting for a decision')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Day/)).toHaveAttribute('max', '2026-11-22');
  }, 30_000);
});
