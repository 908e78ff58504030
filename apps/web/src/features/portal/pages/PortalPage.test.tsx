import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_STORAGE_KEY, type TDataAuthV2, type TPortalSession } from '@bizdesk/contract';
import { PortalPage } from './PortalPage.tsx';
import { renderWithApp, fakeToken } from '../../../test/render.tsx';
import { setUnauthorizedHandler } from '../../../shared/api/client.ts';
import { OWNER, employee, fail, mockFetch, ok, on, setupPeopleTexts } from '../../employees/testApi.ts';
import { COLLECTOR_TOKEN_KEY, PORTAL_TOKEN_KEY, resetPortalStateForTests } from '../portalSession.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';

const STAFF_TOKEN = fakeToken({ id: OWNER._id, roles: ['owner'] });
const PORTAL_TOKEN = fakeToken({ scope: 'portal', id: 'employee' });
const COLLECTOR_TOKEN = fakeToken({ scope: 'collector', id: 'point' });
const me = employee({ firstName: 'Ngozi', name: 'Ngozi Eze' });
const MY_EMPLOYEE_CODE = 'HJKMNPQR45';
const business = { businessName: 'Adebayo Foods Ltd', imagePath: null, country: 'NG', currency: 'NGN', timeZone: 'Africa/Lagos' };
const session: TPortalSession = { employee: me, business, pinSet: true };

// The portal page now also renders check-in, leave and complaints; on a loaded machine a test takes more than 5 s.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  await setupPeopleTexts();
  await i18n.loadNamespaces('time');
});
beforeEach(() => {
  sessionStorage.clear();
  resetPortalStateForTests();
  // A staff member is signed in on this browser.
  localStorage.setItem(TOKEN_STORAGE_KEY, STAFF_TOKEN);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  sessionStorage.clear();
});

const portalApi = (extra: Parameters<typeof mockFetch> = []) =>
  mockFetch(
    ...extra,
    on('POST', '/employee/portal-sign-in', () => jsonResponse({ success: true, message: 'Welcome to the employee portal', token: PORTAL_TOKEN, data: session })),
    on('GET', `/employee/detail/${me._id}`, () => ok({ ...me, appraiser: null, superior: null, upline: null, downlines: [] })),
    on('GET', `/employee/documents/${me._id}`, () => ok({ documents: [], notes: [] })),
    on('GET', `/attendance/getAttendance/${me._id}`, () => ok({ employee: { _id: me._id, name: me.name, employeeNumber: me.employeeNumber, email: me.email, department: null, departmentId: null, startDate: '2025-01-06' }, checkins: [], marks: [], suspension: null, today: '2026-11-23', requireCoordinates: false })),
    on('GET', `/leave/employee/${me._id}`, () => ok({ balances: [], requests: [] })),
    on('GET', '/employee/complain-status', () => jsonResponse({ success: true, data: [], page: 1, limit: 50, total: 1, totalRecords: 0 })),
  );

const signIn = async () => {
  await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'ngz2345678');
  await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
  await screen.findByRole('heading', { level: 1, name: 'Hello, Ngozi' });
};

describe('PortalPage: the portal session is kept apart from the staff session', () => {
  it('signs in without a staff token and keeps its own token in sessionStorage, leaving jwtToken alone', async () => {
    const api = portalApi();
    renderWithApp(<PortalPage />, { route: '/portal' });
    await signIn();
    const signInCall = api.calls.find((c) => c.url.pathname === '/api/v1/employee/portal-sign-in')!;
    expect(JSON.parse(String(signInCall.body))).toEqual({ portalCode: 'NGZ2345678' });
    expect(signInCall.headers.Authorization).toBeUndefined();
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBe(PORTAL_TOKEN);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(STAFF_TOKEN);
    expect(localStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
  });

  it('sends the portal token, never the staff token, on the portal calls', async () => {
    const api = portalApi();
    renderWithApp(<PortalPage />, { route: '/portal' });
    await signIn();
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname === `/api/v1/employee/documents/${me._id}`)).toBe(true));
    const authorised = api.calls.filter((c) => c.url.pathname !== '/api/v1/employee/portal-sign-in');
    expect(authorised.length).toBeGreaterThanOrEqual(2);
    for (const call of authorised) expect(call.headers.Authorization).toBe(`Bearer ${PORTAL_TOKEN}`);
    expect(await screen.findByText('No payslips yet')).toBeInTheDocument();
    for (const section of ['Payslips', 'Check in', 'My leave', 'My complaints', 'Appraisal']) expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
  });

  it('signing out of the portal removes only the portal token', async () => {
    portalApi();
    renderWithApp(<PortalPage />, { route: '/portal' });
    await signIn();
    await userEvent.click(screen.getByTestId('portal-sign-out'));
    expect(await screen.findByRole('textbox', { name: 'Portal code' })).toBeInTheDocument();
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(STAFF_TOKEN);
  });

  it('a 401 on a portal call ends the portal session, not the staff session', async () => {
    const onStaffUnauthorized = vi.fn();
    setUnauthorizedHandler(onStaffUnauthorized);
    mockFetch(
      on('POST', '/employee/portal-sign-in', () => jsonResponse({ success: true, message: 'Welcome to the employee portal', token: PORTAL_TOKEN, data: session })),
      on('GET', `/employee/detail/${me._id}`, () => fail(401, 'Your session has expired. Please log in again.', 'UNAUTHENTICATED')),
      on('GET', `/employee/documents/${me._id}`, () => fail(401, 'Your session has expired. Please log in again.', 'UNAUTHENTICATED')),
    );
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'NGZ2345678');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    expect(await screen.findByText('Your portal session has ended. Enter your code again.')).toBeInTheDocument();
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(STAFF_TOKEN);
    expect(onStaffUnauthorized).not.toHaveBeenCalled();
  });

  it('updates only the fields an employee may change about themselves, with the portal token', async () => {
    const api = portalApi([on('POST', `/employee/update-1/${me._id}`, () => ok({ ...me, phone: '+234 803 555 0202', appraiser: null, superior: null, upline: null, downlines: [] }, { message: 'Employee updated successfully' }))]);
    renderWithApp(<PortalPage />, { route: '/portal' });
    await signIn();
    // The button waits for the employee's record.
    const edit = await screen.findByRole('button', { name: 'Update my details' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Update my details' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+234 803 555 0202');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.startsWith('/api/v1/employee/update-1/'))).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST' && c.url.pathname.startsWith('/api/v1/employee/update-1/'))!;
    expect(post.headers.Authorization).toBe(`Bearer ${PORTAL_TOKEN}`);
    expect(JSON.parse(String(post.body))).toEqual({ phone: '+234 803 555 0202', address: null, dateOfBirth: null, gender: null, nextOfKinName: null, nextOfKinPhone: null });
  });

  it("shows the server's message for a wrong code and stores nothing", async () => {
    mockFetch(on('POST', '/employee/portal-sign-in', () => fail(401, 'This portal code is not valid', 'UNAUTHENTICATED')));
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'ZZZZZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This portal code is not valid');
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
  });

  it('refuses a malformed code before calling the server', async () => {
    const api = mockFetch();
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    expect(await screen.findByText('Enter the 10-character code (letters and digits)')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('opens a collection point with its own token key and shows the stock at its site (issue 34) and its records', async () => {
    const point: TDataAuthV2 = {
      collectionPoint: { _id: '77777777-7777-4777-8777-777777777777', employeeNumber: me.employeeNumber, employeeName: me.name, tagName: 'site-a', userEmail: OWNER.ownerEmail, projectDescription: 'Warehouse extension', projectScope: 'Blockwork', dept: 'Operations', dataCode: 'DATA234567', googleLink: null, createdAt: '2026-02-01T00:00:00.000Z' },
      employee: { _id: me._id, name: me.name, employeeNumber: me.employeeNumber },
      business,
      items: [],
      records: [],
    };
    const cement = { _id: '88888888-8888-4888-8888-888888888888', tagName: 'site-a', name: 'Cement', sku: null, unit: 'bags', category: null, quantity: 46, reorderLevel: 0, averageCostMinor: 500000, stockValueMinor: 23000000, isAtReorderLevel: false, collectionPointId: null, collectionPointName: null, departmentId: null, department: null, createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-02-01T00:00:00.000Z' };
    const api = mockFetch(
      on('POST', '/employee/collectorIdV2', () => jsonResponse({ success: true, message: 'Signed in to the collection point', token: COLLECTOR_TOKEN, data: point })),
      on('GET', `/inventory/inventory-point/${OWNER.ownerEmail}/site-a`, () => ok([cement])),
    );
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.click(screen.getByRole('tab', { name: 'Collection point' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Data code' }), 'data234567');
    await userEvent.type(screen.getByRole('textbox', { name: 'Employee code' }), MY_EMPLOYEE_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Open the collection point' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection point site-a' })).toBeInTheDocument();
    expect(await screen.findByText('46 bags in stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Cement' })).toBeInTheDocument();
    expect(screen.getByText('No records yet')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({ dataCode: 'DATA234567', employeeUniqueCode: MY_EMPLOYEE_CODE });
    expect(api.calls[0]!.headers.Authorization).toBeUndefined();
    expect(sessionStorage.getItem(COLLECTOR_TOKEN_KEY)).toBe(COLLECTOR_TOKEN);
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(STAFF_TOKEN);
  });
});

describe('PortalPage: the PIN the employee chooses', () => {
  it('asks for the PIN when the code has one, and signs in with both', async () => {
    const api = portalApi([
      on('POST', '/employee/portal-sign-in', (call) => {
        const body = JSON.parse(String(call.body)) as { pin?: string };
        return body.pin === '604219'
          ? jsonResponse({ success: true, message: 'Welcome to the employee portal', token: PORTAL_TOKEN, data: session })
          : fail(401, 'Enter your PIN to open the portal', 'PIN_REQUIRED');
      }),
    ]);
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'ngz2345678');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    await userEvent.type(await screen.findByLabelText('PIN'), '604219');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ngozi' });
    const calls = api.calls.filter((c) => c.url.pathname === '/api/v1/employee/portal-sign-in').map((c) => JSON.parse(String(c.body)));
    expect(calls).toEqual([{ portalCode: 'NGZ2345678' }, { portalCode: 'NGZ2345678', pin: '604219' }]);
  });

  it('has the employee choose a PIN at the first sign-in before the portal opens, then uses the new token', async () => {
    const FULL_TOKEN = fakeToken({ scope: 'portal', id: 'employee', ver: 1 });
    const api = portalApi([
      on('POST', '/employee/portal-sign-in', () => jsonResponse({ success: true, message: 'Welcome to the employee portal', token: PORTAL_TOKEN, data: { ...session, pinSet: false } })),
      on('PUT', '/employee/portal-pin', () => jsonResponse({ success: true, message: 'Your PIN is set. From now on you sign in with your portal code and your PIN', token: FULL_TOKEN, data: { pinSet: true } })),
    ]);
    renderWithApp(<PortalPage />, { route: '/portal' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Portal code' }), 'ngz2345678');
    await userEvent.click(screen.getByRole('button', { name: 'Open my portal' }));
    expect(await screen.findByRole('heading', { name: 'Choose your PIN' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname === `/api/v1/employee/detail/${me._id}`)).toBe(false);
    await userEvent.type(screen.getByLabelText('New PIN'), '604219');
    await userEvent.type(screen.getByLabelText('The same PIN again'), '604218');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));
    expect(await screen.findByText('The two PINs are not the same')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('The same PIN again'));
    await userEvent.type(screen.getByLabelText('The same PIN again'), '604219');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ngozi' });
    const put = api.calls.find((c) => c.url.pathname === '/api/v1/employee/portal-pin')!;
    expect(JSON.parse(String(put.body))).toEqual({ pin: '604219' });
    expect(put.headers.Authorization).toBe(`Bearer ${PORTAL_TOKEN}`);
    expect(sessionStorage.getItem(PORTAL_TOKEN_KEY)).toBe(FULL_TOKEN);
  });
});
