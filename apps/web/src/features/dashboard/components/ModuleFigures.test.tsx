import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { TDashboardFigure, TUser } from '@bizdesk/contract';
import { ModuleFigures } from './ModuleFigures.tsx';
import { newQueryClient, renderWithApp, setupI18n } from '../../../test/render.tsx';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { dashboardFiguresQuery } from '../api.ts';

const OPS: TUser = {
  _id: '11111111-1111-4111-8111-111111111111', email: 'ops@acme.ng', userName: 'Ola Ops', roles: ['Procurement-access', 'Inventory-access'],
  businessId: '22222222-2222-4222-8222-222222222222', businessName: 'Acme Ltd', ownerEmail: 'owner@acme.ng', imagePath: null,
  country: 'NG', currency: 'NGN', timeZone: 'Africa/Lagos', emailConfirmed: true,
} as TUser;

const figure = (key: string, value: number, to: string): TDashboardFigure => ({ key, module: 'procurement', kind: 'count', value, to, isEmpty: false });

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('costs');
});

describe('ModuleFigures (issue 30)', () => {
  it("shows the reader's own work, each card a link to the filtered list it counts", async () => {
    setSessionUser(OPS);
    const queryClient = newQueryClient();
    queryClient.setQueryData(dashboardFiguresQuery().queryKey, [
      figure('ordersAwaitingApproval', 2, '/manage-po?status=pending'),
      figure('paymentsDue', 1, '/invoices?payments=scheduled'),
      figure('itemsBelowReorder', 3, '/inventory?stock=low'),
      figure('trucksOut', 1, '/fleet-requisition'),
    ]);
    const { unmount } = renderWithApp(<ModuleFigures />, { queryClient });
    const figures = await screen.findByTestId('module-figures');
    const links = within(figures).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/manage-po?status=pending', '/invoices?payments=scheduled', '/inventory?stock=low', '/fleet-requisition']);
    expect(within(figures).getByText('Orders awaiting approval')).toBeInTheDocument();
    expect(within(figures).getByText('Items below reorder level')).toBeInTheDocument();
    expect(within(figures).getByText('Trucks out')).toBeInTheDocument();
    unmount();
    endSession();
  });
});
