import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRemittanceItem, TRemittanceList } from '@bizdesk/contract';
import { i18n } from '../../../shared/i18n/index.ts';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, OWNER, ok, on } from '../../employees/testApi.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { RemittancesPage } from './RemittancesPage.tsx';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('remittances');
  setSessionUser(OWNER);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';
const item = (over: Partial<TRemittanceItem> = {}): TRemittanceItem => ({
  kind: 'ng-paye', payee: 'Lagos', period: '2026-05', amountDueMinor: 6_950_000, employees: 1, missing: 0, dueDate: '2026-06-10', dueBasis: 'fixed',
  paidMinor: 2_000_000, outstandingMinor: 4_950_000, status: 'overdue',
  payments: [{ _id: PAYMENT_ID, amountMinor: 2_000_000, reference: 'LIRS-77', paidOn: '2026-06-09', note: null, receipt: { name: 'r.pdf', mime: 'application/pdf' }, recordedBy: 'Amaka', createdAt: '2026-06-09T10:00:00.000Z', voided: null }],
  ...over,
});
const list = (items: TRemittanceItem[]): TRemittanceList => ({
  from: '2025-12', to: '2026-11', today: '2026-11-26', items,
  totals: { dueCount: 0, dueMinor: 0, overdueCount: items.length, overdueMinor: items.reduce((s, i) => s + i.outstandingMinor, 0) },
});

describe('RemittancesPage', () => {
  it('lists each remittance with its payments under it, and voids a payment only with a reason', async () => {
    const api = mockFetch(
      on('GET', '/remittances', () => ok(list([item()]))),
      on('POST', `/remittances/payments/${PAYMENT_ID}/void`, () => ok({}, { message: 'Payment voided' })),
    );
    renderWithApp(<RemittancesPage />);
    expect(await screen.findByRole('heading', { name: 'Period 2026-05' })).toBeInTheDocument();
    expect(screen.getByTestId('remittance-status')).toHaveTextContent('Overdue');
    expect(screen.getByTestId('overdue-total')).toHaveTextContent('Overdue: 1 remittances');
    expect(screen.getByTestId('payment-line')).toHaveTextContent('Payment ref. LIRS-77');
    await userEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    expect(within(dialog).getByText('Say why the payment is voided')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Typed the wrong amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void payment' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ reason: 'Typed the wrong amount' });
  });

  it('says how to start when no run is approved yet', async () => {
    mockFetch(on('GET', '/remittances', () => ok(list([]))));
    renderWithApp(<RemittancesPage />);
    expect(await screen.findByText('Nothing to remit yet')).toBeInTheDocument();
    expect(screen.getByText(/once a month’s payroll run is approved/)).toBeInTheDocument();
  });
});
