import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInventoryItem, TPersonRef } from '@bizdesk/contract';
import { MoveDialog } from './MoveDialog.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('inventory');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ITEM: TInventoryItem = {
  _id: '11111111-1111-4111-8111-111111111111', stockItemId: '44444444-4444-4444-8444-444444444444', tagName: 'Central store', name: 'Paint 20L', sku: null, unit: 'buckets', category: null, quantity: 12,
  reorderLevel: 0, averageCostMinor: 2000000, stockValueMinor: 24000000, isAtReorderLevel: false, collectionPointId: null, collectionPointName: null,
  departmentId: null, department: null, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z',
};
const MUSA: TPersonRef = { _id: '22222222-2222-4222-8222-222222222222', name: 'Musa Bello', employeeNumber: 'EMP-00001' };
const NGOZI: TPersonRef = { _id: '33333333-3333-4333-8333-333333333333', name: 'Ngozi Eze', employeeNumber: 'EMP-00002' };
const moved = { movement: {}, item: ITEM, isReplay: false };

describe('MoveDialog', () => {
  it('names the signed-in user\'s own employee as who received the stock by default, and sends that employee number', async () => {
    const api = mockFetch(
      on('GET', '/stock-staff', () => ok({ rows: [MUSA, NGOZI], mine: MUSA })),
      on('GET', /^\/inventory\/instock\//, () => ok(moved)),
    );
    renderWithApp(<MoveDialog item={ITEM} kind="instock" email="owner@lagos.ng" onClose={vi.fn()} />);
    const picker = await screen.findByRole('combobox', { name: /Received by/ });
    await waitFor(() => expect(picker).toHaveValue('Musa Bello (EMP-00001)'));
    // The user's full name is never sent as an employee number.
    await userEvent.type(screen.getByRole('textbox', { name: /Quantity/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.includes('/instock/'))).toBe(true));
    const call = api.calls.find((c) => c.url.pathname.includes('/instock/'))!;
    expect(decodeURIComponent(call.url.pathname)).toBe(`/api/v1/inventory/instock/owner@lagos.ng/${ITEM._id}/EMP-00001/3/Central store`);
  });

  it('leaves the employee empty and required when the user has no employee record, and sends the one chosen', async () => {
    const api = mockFetch(
      on('GET', '/stock-staff', () => ok({ rows: [MUSA, NGOZI], mine: null })),
      on('GET', /^\/inventory\/usedstock\//, () => ok(moved)),
    );
    renderWithApp(<MoveDialog item={ITEM} kind="usedstock" email="owner@lagos.ng" onClose={vi.fn()} />);
    const picker = await screen.findByRole('combobox', { name: /Used by/ });
    expect(picker).toHaveValue('');
    await userEvent.type(screen.getByRole('textbox', { name: /Quantity/ }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: /Used for/ }), 'Primer');
    await userEvent.click(screen.getByRole('button', { name: 'Record use' }));
    expect(await screen.findByText(/Used by: choose the employee from the list/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname.includes('/usedstock/'))).toBe(false);
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Ngozi Eze (EMP-00002)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record use' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.includes('/usedstock/'))).toBe(true));
    expect(decodeURIComponent(api.calls.find((c) => c.url.pathname.includes('/usedstock/'))!.url.pathname)).toContain('/EMP-00002/2/Primer/');
  });
});
