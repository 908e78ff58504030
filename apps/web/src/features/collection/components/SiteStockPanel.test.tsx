import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCollectionPoint } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { fail, mockFetch, ok, on, type TCall } from '../../employees/testApi.ts';

vi.mock('idb-keyval', () => import('../../../test/memoryIdbKeyval.ts'));
const { memory } = await import('../../../test/memoryIdbKeyval.ts');
const { enqueue, refused, waiting } = await import('../stockQueue.ts');
const { SiteStockPanel } = await import('./SiteStockPanel.tsx');

vi.setConfig({ testTimeout: 30_000 });
const POINT: TCollectionPoint = {
  _id: '77777777-7777-4777-8777-777777777777', employeeNumber: 'IK-01', employeeName: 'Ada Obi', tagName: 'Ikoyi block A', userEmail: 'owner@ikoyi.ng',
  projectDescription: '', projectScope: '', dept: 'default', dataCode: 'DATA234567', googleLink: null, createdAt: '2026-02-01T00:00:00.000Z',
};
const OWN = { name: 'Ada Obi', employeeNumber: 'IK-01' };
const cement = (quantity: number) => ({
  _id: '88888888-8888-4888-8888-888888888888', tagName: 'Ikoyi block A', name: 'Cement', sku: null, unit: 'bags', category: null, quantity, reorderLevel: 0,
  averageCostMinor: 500000, stockValueMinor: quantity * 500000, isAtReorderLevel: false, collectionPointId: null, collectionPointName: null,
  departmentId: null, department: null, createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z',
});
const STOCK_PATH = `/inventory/inventory-point/${POINT.userEmail}/${POINT.tagName}`;

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('collector');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  memory.clear();
});

/** Issue 34 item 4: the site phone keeps stock entries until sent; refused ones stay with the server's reason. */
describe('SiteStockPanel offline queue', () => {
  it('sends waiting entries with their reference and the phone\'s time, and shows a refused one with the server\'s reason until discarded', async () => {
    const used = await enqueue({ pointId: POINT._id, itemId: cement(0)._id, itemName: 'Cement', unit: 'bags', action: 'use', quantity: 4, employeeNumber: 'IK-01', employeeName: 'Ada Obi', deviceTime: '2026-11-26T07:00:00.000Z' });
    await enqueue({ pointId: POINT._id, itemId: cement(0)._id, itemName: 'Cement', unit: 'bags', action: 'use', quantity: 60, employeeNumber: 'IK-02', employeeName: 'Bola Ade', deviceTime: '2026-11-26T08:00:00.000Z' });
    let stock = 50;
    const sent: Array<Record<string, unknown>> = [];
    mockFetch(
      on('GET', STOCK_PATH, () => ok([cement(stock)])),
      on('GET', '/inventory/collector/employees', () => ok([OWN, { name: 'Bola Ade', employeeNumber: 'IK-02' }])),
      on('POST', '/inventory/collector/movements', (call: TCall) => {
        const body = JSON.parse(String(call.body)) as { quantity: number };
        sent.push(body);
        if (body.quantity > stock) return fail(409, `Not enough Cement in stock: ${stock} bags available, ${body.quantity} asked for`, 'CONFLICT', { available: stock, requested: body.quantity });
        stock -= body.quantity;
        return ok({ action: 'use', movement: null, item: cement(stock), isReplay: false }, { message: 'Use recorded' });
      }),
    );
    renderWithApp(<SiteStockPanel token="collector-token" point={POINT} own={OWN} />);
    const alert = await screen.findByTestId('site-stock-refused');
    expect(alert.textContent).toContain('Use 60 bags of Cement by Bola Ade');
    expect(alert.textContent).toContain('Not enough Cement in stock: 46 bags available, 60 asked for');
    expect(sent[0]).toMatchObject({ reference: used.reference, deviceTime: '2026-11-26T07:00:00.000Z', employeeNumber: 'IK-01', quantity: 4, action: 'use' });
    expect(await screen.findByText('46 bags in stock')).toBeInTheDocument();
    expect(await waiting(POINT._id)).toEqual([]);
    expect(screen.queryByTestId('site-stock-waiting')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('site-stock-refused')).toBeNull());
    expect(await refused(POINT._id)).toEqual([]);
  });

  it('keeps an entry made offline on the phone, with the point\'s own employee by default', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockFetch(
      on('GET', STOCK_PATH, () => ok([cement(50)])),
      on('GET', '/inventory/collector/employees', () => ok([OWN])),
    );
    try {
      renderWithApp(<SiteStockPanel token="collector-token" point={POINT} own={OWN} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Count Cement' }));
      const dialog = await screen.findByRole('dialog', { name: 'Count Cement' });
      expect(within(dialog).getByRole('combobox', { name: 'Done by' })).toHaveValue('Ada Obi (IK-01)');
      await userEvent.type(within(dialog).getByLabelText('Counted quantity (bags)'), '47');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect((await screen.findByTestId('site-stock-waiting')).textContent).toContain('Count 47 bags of Cement by Ada Obi');
      const kept = await waiting(POINT._id);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ action: 'count', quantity: 47, employeeNumber: 'IK-01' });
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    } finally {
      online.mockRestore();
    }
  });

  it('fixes a refused entry: the dialog opens with its values, and the corrected entry is sent as a new one', async () => {
    const tooMuch = await enqueue({ pointId: POINT._id, itemId: cement(0)._id, itemName: 'Cement', unit: 'bags', action: 'use', quantity: 60, employeeNumber: 'IK-01', employeeName: 'Ada Obi', deviceTime: '2026-11-26T08:00:00.000Z' });
    let stock = 46;
    const sent: Array<{ quantity: number; reference: string; deviceTime: string }> = [];
    mockFetch(
      on('GET', STOCK_PATH, () => ok([cement(stock)])),
      on('GET', '/inventory/collector/employees', () => ok([OWN])),
      on('POST', '/inventory/collector/movements', (call: TCall) => {
        const body = JSON.parse(String(call.body)) as { quantity: number; reference: string; deviceTime: string };
        sent.push(body);
        if (body.quantity > stock) return fail(409, `Not enough Cement in stock: ${stock} bags available, ${body.quantity} asked for`, 'CONFLICT');
        stock -= body.quantity;
        return ok({ action: 'use', movement: null, item: cement(stock), isReplay: false });
      }),
    );
    renderWithApp(<SiteStockPanel token="collector-token" point={POINT} own={OWN} />);
    await userEvent.click(within(await screen.findByTestId('site-stock-refused')).getByRole('button', { name: 'Fix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use Cement' });
    const quantity = within(dialog).getByLabelText('Quantity (bags)');
    expect(quantity).toHaveValue('60');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('6 bags in stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('site-stock-refused')).toBeNull());
    expect(sent.map((b) => b.quantity)).toEqual([60, 40]);
    expect(sent[1]).toMatchObject({ deviceTime: '2026-11-26T08:00:00.000Z' });
    expect(sent[1]!.reference).not.toBe(tooMuch.reference);
    expect(await refused(POINT._id)).toEqual([]);
  });
});
