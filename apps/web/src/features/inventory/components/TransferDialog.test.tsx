import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInventoryItem, TPlace } from '@bizdesk/contract';
import { TransferDialog } from './TransferDialog.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on } from '../../employees/testApi.ts';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces(['inventory', 'app']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORE = '11111111-1111-4111-8111-111111111111';
const SITE = '22222222-2222-4222-8222-222222222222';
const place = (_id: string, name: string, kind: TPlace['kind']): TPlace => ({ _id, name, kind, projectId: null, projectName: null, address: '', description: '', status: 'active', archived: false });
const item = (over: Partial<TInventoryItem>): TInventoryItem => ({
  _id: '33333333-3333-4333-8333-333333333333', stockItemId: '44444444-4444-4444-8444-444444444444', tagName: 'Central store', name: 'Cement', sku: null, unit: 'bags', category: null,
  quantity: 60, reorderLevel: 0, averageCostMinor: 500_000, stockValueMinor: 30_000_000, isAtReorderLevel: false, collectionPointId: null, collectionPointName: null,
  departmentId: null, department: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', ...over,
});
const items = [item({}), item({ _id: '55555555-5555-4555-8555-555555555555', stockItemId: '66666666-6666-4666-8666-666666666666', tagName: 'Ikoyi Tower', name: 'Blocks', unit: 'pieces' })];

const choosePlace = async (label: string, name: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name }));
};

describe('TransferDialog', () => {
  it('offers only what the source holds and saves the transfer as a draft', async () => {
    const { calls } = mockFetch(
      on('GET', '/places', () => ok([place(STORE, 'Central store', 'store'), place(SITE, 'Ikoyi Tower', 'project')])),
      on('POST', '/inventory/transfers', () => ok({ _id: 'x' }, { message: 'Transfer saved as a draft' }, 201)),
    );
    const onClose = vi.fn();
    renderWithApp(<TransferDialog open items={items} onClose={onClose} />);
    await choosePlace('From', 'Central store');
    await choosePlace('To', 'Ikoyi Tower');
    await userEvent.click(screen.getByRole('combobox', { name: /^Item 1/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cement (60 bags)']);
    await userEvent.click(screen.getByRole('option', { name: 'Cement (60 bags)' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Quantity/ }), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ fromPlaceId: STORE, toPlaceId: SITE, lines: [{ stockItemId: '44444444-4444-4444-8444-444444444444', quantity: 40 }] });
  });

  it('refuses the same place twice before calling the server', async () => {
    const { calls } = mockFetch(
      on('GET', '/places', () => ok([place(STORE, 'Central store', 'store'), place(SITE, 'Ikoyi Tower', 'project')])),
    );
    renderWithApp(<TransferDialog open items={items} onClose={() => undefined} />);
    await choosePlace('From', 'Central store');
    await choosePlace('To', 'Central store');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('To: must differ from the place the goods leave')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
