import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStockCount } from '@bizdesk/contract';
import { CountSheet } from './CountSheet.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces(['inventory']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINE = '77777777-7777-4777-8777-777777777777';
const count = (over: Partial<TStockCount> = {}): TStockCount => ({
  _id: '88888888-8888-4888-8888-888888888888', number: 'SC-0001', placeId: '11111111-1111-4111-8111-111111111111', place: 'Central store', status: 'draft',
  reason: '', createdBy: 'Ada', counted: 0, varianceValueMinor: 0, approvalThresholdMinor: 5_000_000, postedAt: null, createdAt: '2026-11-01T10:00:00.000Z',
  lines: [{ _id: LINE, itemId: '33333333-3333-4333-8333-333333333333', name: 'Cement', sku: null, unit: 'bags', expectedQuantity: 60, countedQuantity: null, varianceQuantity: null, varianceValueMinor: null, unitCostMinor: 500_000, reason: null, hasMovedSince: false }],
  ...over,
});
const money = (minor: number) => `₦${(minor / 100).toLocaleString('en')}`;

describe('CountSheet', () => {
  it('shows the variance as the count is typed, saves it, then posts it with the reason', async () => {
    const { calls } = mockFetch(
      on('PUT', `/inventory/counts/${count()._id}`, () => ok(count({ counted: 1 }), { message: 'Count saved' })),
      on('POST', `/inventory/counts/${count()._id}/post`, () => ok(count({ status: 'posted' }), { message: 'Count posted' })),
    );
    renderWithApp(<CountSheet count={count()} money={money} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Counted Cement' }), '58');
    expect(screen.getByTestId(`variance-${LINE}`).textContent).toBe('-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue later' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.body))).toMatchObject({ lines: [{ lineId: LINE, countedQuantity: 58 }] });

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Month-end count');
    await userEvent.click(screen.getByRole('button', { name: 'Post the count' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({ reason: 'Month-end count' });
  });

  it('says a count above the threshold waits for approval and offers no more editing', () => {
    renderWithApp(<CountSheet count={count({ status: 'awaiting_approval', varianceValueMinor: 9_000_000, lines: [{ ...count().lines[0]!, countedQuantity: 40, varianceQuantity: -20, varianceValueMinor: -10_000_000 }] })} money={money} />);
    expect(screen.getByText(/is booked once approved in the approvals inbox/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post the count' })).toBeNull();
    expect(screen.getByTestId(`variance-${LINE}`).textContent).toBe('-20');
  });

  it('asks for a recount of the lines that moved since the sheet was made', () => {
    renderWithApp(<CountSheet count={count({ lines: [{ ...count().lines[0]!, hasMovedSince: true }] })} money={money} />);
    expect(screen.getByText('Cement moved after this sheet was made. Recount those lines before posting.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recount moved lines' })).toBeTruthy();
  });
});
