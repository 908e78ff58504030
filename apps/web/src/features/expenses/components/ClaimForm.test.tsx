import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TExpenseClaim, TExpenseOptions } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { changeLanguage, i18n } from '../../../shared/i18n/index.ts';
import { businessToday } from '../../../shared/format/dates.ts';
import { mockFetch, ok, on, type TCall } from '../../employees/testApi.ts';
import { ClaimForm } from './ClaimForm.tsx';

setupScreenTests('expenses');
beforeAll(async () => {
  await changeLanguage('de');
  await i18n.loadNamespaces('expenses');
  await changeLanguage('en');
});
afterAll(async () => changeLanguage('en'));

const EMPLOYEE_ID = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '33333333-3333-4333-8333-333333333333';
const OPTIONS: TExpenseOptions = { projects: ['Lekki Tower'], currency: 'NGN', receiptRequiredAboveMinor: 500_000 };
const scope = { kind: 'portal' as const, employeeId: EMPLOYEE_ID, token: 'portal-token' };
const CLAIM = {
  _id: '22222222-2222-4222-8222-222222222222', number: 'EC-0001', employeeId: EMPLOYEE_ID, employeeName: 'Ada Obi', employeeNumber: 'EMP-1', title: 'Site supplies',
  status: 'draft', currency: 'NGN', totalMinor: 6_181_250, lines: [], submittedAt: null, decidedAt: null, decidedBy: null, decisionReason: null,
  reimbursement: null, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
} satisfies TExpenseClaim;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const bodyOf = (call: TCall) => JSON.parse(String(call.body)) as Record<string, unknown>;

const renderForm = (onClose = vi.fn()) => {
  renderWithApp(<ClaimForm open scope={scope} options={OPTIONS} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog'), onClose };
};

describe('the expense claim form', () => {
  it('names each field it refuses: the title, an amount of 0, a date in the future; and sends nothing', async () => {
    const { calls } = mockFetch();
    const { dialog } = renderForm();
    fireEvent.change(within(dialog).getByLabelText(/Date on the receipt/), { target: { value: addDays(businessToday(), 2) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    expect(await within(dialog).findByText('What the claim is for is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount must be more than 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Date on the receipt must not be in the future')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for a receipt above the threshold', async () => {
    mockFetch();
    const { dialog } = renderForm();
    await userEvent.type(within(dialog).getByLabelText(/What the claim is for/), 'Taxi');
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), '6000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Receipt is required for amounts above .*5,000\.00$/);
  });

  it('pre-fills amount, date and vendor from a receipt photo taken with the camera, then saves and submits with the portal token', async () => {
    const { calls } = mockFetch(
      on('POST', `/expenses/employee/${EMPLOYEE_ID}/receipts`, () => ok({
        receipt: { _id: RECEIPT_ID, name: 'photo.jpg', mime: 'image/jpeg', size: 1200 },
        proposal: { date: '2026-03-14', vendor: 'MAMA CASS SUPERMARKET', total: '61812.50', totalMinor: 6_181_250 },
      }, {}, 201)),
      on('POST', `/expenses/employee/${EMPLOYEE_ID}`, () => ok(CLAIM, { message: 'Expense claim saved' }, 201)),
      on('POST', `/expenses/claims/${CLAIM._id}/submit`, () => ok({ ...CLAIM, status: 'submitted' })),
    );
    const onClose = vi.fn();
    const { dialog } = renderForm(onClose);
    const camera = screen.getByTestId('camera-1');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(camera, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByText('Filled in from the receipt: check the amount, date and vendor.')).toBeInTheDocument();
    expect(within(dialog).getByText('Receipt: photo.jpg')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('61,812.50');
    expect(within(dialog).getByLabelText(/Date on the receipt/)).toHaveValue('2026-03-14');
    expect(within(dialog).getByLabelText(/Paid to/)).toHaveValue('MAMA CASS SUPERMARKET');

    await userEvent.type(within(dialog).getByLabelText(/What the claim is for/), 'Site supplies');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Materials' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lekki Tower' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const save = calls.find((c) => c.method === 'POST' && c.url.pathname === `/api/v1/expenses/employee/${EMPLOYEE_ID}`)!;
    expect(bodyOf(save)).toEqual({
      title: 'Site supplies',
      lines: [{ category: 'materials', date: '2026-03-14', amountMinor: 6_181_250, description: '', vendor: 'MAMA CASS SUPERMARKET', projectTag: 'Lekki Tower', receiptId: RECEIPT_ID }],
    });
    expect(save.headers.Authorization).toBe('Bearer portal-token');
    expect(calls.some((c) => c.url.pathname === `/api/v1/expenses/claims/${CLAIM._id}/submit`)).toBe(true);
  });

  it('says so when a receipt cannot be read, and keeps it attached', async () => {
    mockFetch(on('POST', `/expenses/employee/${EMPLOYEE_ID}/receipts`, () => ok({ receipt: { _id: RECEIPT_ID, name: 'scan.pdf', mime: 'application/pdf', size: 900 }, proposal: null }, {}, 201)));
    const { dialog } = renderForm();
    await userEvent.upload(screen.getByTestId('file-1'), new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('The receipt was saved but could not be read; fill in the line by hand.')).toBeInTheDocument();
    expect(within(dialog).getByText('Receipt: scan.pdf')).toBeInTheDocument();
  });

  it('adds and removes lines, and speaks German: categories and messages translated', async () => {
    mockFetch();
    await changeLanguage('de');
    const { dialog } = renderForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Position hinzufügen' }));
    expect(within(dialog).getByRole('group', { name: 'Position 2' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Position 2 entfernen' }));
    expect(within(dialog).queryByRole('group', { name: 'Position 2' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kategorie' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Reise', 'Verpflegung', 'Kraftstoff', 'Material', 'Sonstiges']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zur Genehmigung senden' }));
    expect(await within(dialog).findByText('Betrag muss größer als 0 sein')).toBeInTheDocument();
    await changeLanguage('en');
  });
});
