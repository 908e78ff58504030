import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TUser } from '@bizdesk/contract';
import { NavPanel } from './NavPanel.tsx';
import { NAV_ENTRIES, areaOf, screenPath } from './navConfig.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';

beforeAll(setupI18n);

const user = (roles: string[]): TUser =>
  ({ _id: 'u1', email: 'chidi@acme.ng', userName: 'Chidi Okafor', roles, businessId: 'b1', businessName: 'Acme Ltd', ownerEmail: 'ada@acme.ng', imagePath: null, country: 'NG', currency: 'NGN', timeZone: 'Africa/Lagos', emailConfirmed: true, createdAt: '' }) as TUser;

const renderNav = (route: string, roles: string[] = ['owner']) => {
  renderWithApp(<NavPanel user={user(roles)} isDesktop open={false} onClose={() => undefined} />, { route });
  return screen.getByRole('navigation', { name: 'Main navigation' });
};

/** Every path of a main-layout route of spec 01 §2 a screen entry stands for (the parameter's default applied). */
const SPEC_MAIN = [
  '/', '/user', '/wages', '/approval', '/products', '/blog', '/tracker', '/collection/default', '/management', '/procurement-summary',
  '/management-project-summary/default', '/employee-summary', '/pay-summary', '/employee', '/salary', '/attendance/ada%40acme.ng', '/inventory',
  '/manage-po', '/invoices', '/projects/default', '/schedule', '/leave/all', '/standing-po', '/manage-client', '/new-employee', '/inventory-records',
  '/material-requisition', '/fleet-requisition', '/energy-movement', '/tax-filling', '/appraisal-config', '/complaints',
];

describe('navigation config (issue 30)', () => {
  it('keeps the spec’s ten entries, paths and order, each listing its own path first', () => {
    expect(NAV_ENTRIES.map((e) => [e.key, e.path])).toEqual([
      ['dashboard', '/'], ['humanResources', '/employee'], ['procurement', '/products'], ['accounts', '/salary'], ['ims', '/inventory'],
      ['settings', '/user'], ['approvals', '/approval'], ['projects', '/projects/default'], ['management', '/management'], ['energyTracker', '/tracker'],
    ]);
    for (const entry of NAV_ENTRIES) expect(screenPath(entry.screens[0]!.path, user([]))).toBe(entry.path);
  });

  it('lists every main-layout screen once, parameterised ones with a default', () => {
    const paths = NAV_ENTRIES.flatMap((e) => e.screens.map((s) => screenPath(s.path, user([]))));
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of SPEC_MAIN) expect(paths).toContain(path);
  });

  it('places screens reached from a listed one in their area', () => {
    expect(areaOf('/employee-update/x')?.key).toBe('humanResources');
    expect(areaOf('/department-view/Main/Sales')?.key).toBe('humanResources');
    expect(areaOf('/inventory/a%40b.ng/site-a')?.key).toBe('ims');
    expect(areaOf('/projects/Lekki')?.key).toBe('projects');
    expect(areaOf('/notAuthorize')).toBeNull();
  });
});

describe('the navigation panel (issue 30)', () => {
  it('opens the current area with its screens, highlighting the screen (page) and its area', () => {
    const nav = renderNav('/pay-summary');
    const accounts = within(nav).getByRole('link', { name: 'Accounts' });
    expect(accounts).toHaveAttribute('aria-current', 'true');
    const screens = within(nav).getByRole('list', { name: 'Accounts' });
    expect(within(screens).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Salary and payroll runs', 'Wages and pay settings', 'Pay structures', 'Pay summary', 'Tax filing', 'Remittances', 'Invoices',
    ]);
    expect(within(screens).getByRole('link', { name: 'Pay summary' })).toHaveAttribute('aria-current', 'page');
    expect(within(screens).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    // Other areas stay closed until their toggle opens them.
    expect(within(nav).queryByRole('list', { name: 'Procurement' })).toBeNull();
    const toggle = within(nav).getByRole('button', { name: 'Screens of Procurement' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(within(nav).getByRole('list', { name: 'Procurement' })).getByRole('link', { name: 'Fleet requisitions' })).toHaveAttribute('href', '/fleet-requisition');
  });

  it('opens parameterised screens with their default and highlights them whatever the parameter', () => {
    const nav = renderNav('/attendance/someone%40acme.ng');
    const hr = within(nav).getByRole('list', { name: 'Human resources' });
    const attendance = within(hr).getByRole('link', { name: 'Attendance' });
    expect(attendance).toHaveAttribute('href', '/attendance/ada%40acme.ng');
    expect(attendance).toHaveAttribute('aria-current', 'page');
    expect(within(hr).getByRole('link', { name: 'Leave' })).toHaveAttribute('href', '/leave/all');
    // Complaints have their own screen (issue 33).
    expect(within(hr).getByRole('link', { name: 'Complaints' })).toHaveAttribute('href', '/complaints');
  });

  it('an entry without sub-screens is the page itself', () => {
    const nav = renderNav('/approval');
    expect(within(nav).getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('button', { name: 'Screens of Approvals' })).toBeNull();
  });

  it('in the phone drawer every area is open: any screen is the menu button and one click away', async () => {
    renderWithApp(<NavPanel user={user(['owner'])} isDesktop={false} open onClose={() => undefined} />, { route: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('list').length).toBe(1 + NAV_ENTRIES.filter((e) => e.screens.length > 1).length);
    expect(within(nav).getByRole('link', { name: 'Tax filing' })).toHaveAttribute('href', '/tax-filling');
  });

  it('marks locked the entries and screens the roles do not open, with who to ask', () => {
    const nav = renderNav('/employee', ['HR-access']);
    const hr = within(nav).getByRole('list', { name: 'Human resources' });
    expect(within(hr).getByRole('link', { name: 'Appraisals' })).not.toHaveAttribute('data-locked');
    const accounts = within(nav).getByRole('link', { name: /^Accounts/ });
    expect(accounts).toHaveAttribute('data-locked', 'true');
    expect(accounts).toHaveTextContent('Locked: ask the owner');
    expect(accounts).toHaveAttribute('title', 'You do not have access. Ask ada@acme.ng to give you this role.');
    fireEvent.click(within(nav).getByRole('button', { name: 'Screens of Accounts' }));
    expect(within(within(nav).getByRole('list', { name: 'Accounts' })).getByRole('link', { name: /^Invoices/ })).toHaveAttribute('data-locked', 'true');
  });
});
