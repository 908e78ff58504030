import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../../app/theme.ts';
import { DEFAULT_LIST_STATE, exportQuery, listQuery, listStateFromParams, listStateToParams } from './listQuery.ts';
import { EmployeesPage, sortFromModel } from './pages/EmployeesPage.tsx';
import { newQueryClient, renderWithApp } from '../../test/render.tsx';
import { endSession, setSessionUser } from '../../shared/session.ts';
import { OWNER, employee, mockFetch, ok, on, setupPeopleTexts } from './testApi.ts';

const OPS = { _id: '33333333-3333-4333-8333-333333333333', name: 'Operations', unit: 'Adebayo Foods Ltd', unitId: '44444444-4444-4444-8444-444444444444', description: null, createdAt: '2026-01-01T00:00:00.000Z' };
const ACCOUNTANT = { _id: '55555555-5555-4555-8555-555555555555', value: '55555555-5555-4555-8555-555555555555', name: 'Accountant', label: 'Accountant', description: null, employeeCount: 1, createdAt: '2026-01-01T00:00:00.000Z' };

beforeAll(setupPeopleTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

describe('staff list state ↔ address ↔ list query', () => {
  it('leaves the defaults out of the address and reads them back', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(listStateFromParams(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
  });

  it('round-trips search, filters, sort and page (1-based in the address, 0-based in the grid)', () => {
    const state = { ...DEFAULT_LIST_STATE, search: ' ada ', departmentId: OPS._id, designationId: ACCOUNTANT._id, sort: 'startDate' as const, order: 'desc' as const, page: 2, pageSize: 50 };
    const params = listStateToParams(state);
    expect(params.toString()).toBe(`search=ada&departmentId=${OPS._id}&designationId=${ACCOUNTANT._id}&sort=startDate&order=desc&page=3&limit=50`);
    expect(listStateFromParams(params)).toEqual({ ...state, search: 'ada' });
  });

  it('builds the list call and the export with the same filters', () => {
    const state = { ...DEFAULT_LIST_STATE, search: 'EMP-00', departmentId: OPS._id, sort: 'department' as const, order: 'desc' as const, page: 1, pageSize: 10 };
    expect(listQuery(state)).toEqual({ page: 2, limit: 10, search: 'EMP-00', departmentId: OPS._id, sort: 'department', order: 'desc' });
    expect(exportQuery(state, 'xlsx')).toEqual({ format: 'xlsx', search: 'EMP-00', departmentId: OPS._id, sort: 'department', order: 'desc' });
  });

  it('ignores what the server would refuse: unknown sorts, page sizes over 100, bad pages', () => {
    const state = listStateFromParams(new URLSearchParams('sort=salary&order=sideways&page=-4&limit=1000'));
    expect(state).toMatchObject({ sort: 'name', order: 'asc', page: 0, pageSize: DEFAULT_LIST_STATE.pageSize });
  });

  it('maps the grid sort to sort and order, and a cleared sort to the default', () => {
    expect(sortFromModel([{ field: 'employeeNumber', sort: 'desc' }])).toEqual({ sort: 'employeeNumber', order: 'desc' });
    expect(sortFromModel([])).toEqual({ sort: 'name', order: 'asc' });
    expect(sortFromModel([{ field: 'employmentType', sort: 'asc' }])).toEqual({ sort: 'name', order: 'asc' });
  });
});

const Where = () => <output data-testid="where">{useLocation().search}</output>;

// A sorted column's name also holds its sort button.
const numberHeader = () => screen.getByRole('columnheader', { name: /^Employee number/ });

/** Clicks as a browser does, each click a task of its own: act() would flush the router's transition in between. */
const clickLikeABrowser = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
const withoutAct = async (run: () => Promise<void>) => {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await run();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
};

describe('EmployeesPage', () => {
  const start = (route = '/employee') => {
    setSessionUser(OWNER);
    const rows = [employee({ name: 'Ada Obi' }), employee({ name: 'Bola Ade' })];
    const api = mockFetch(
      on('GET', `/employee/employees/${OWNER.ownerEmail}`, (call) => ok(rows, { page: Number(call.url.searchParams.get('page')), limit: 25, total: 1, totalRecords: rows.length })),
      on('GET', `/auth/user-data/${OWNER._id}`, () => ok({ user: OWNER, users: [OWNER], departments: [OPS], collectionPoints: [] })),
      on('GET', `/employee/designation/${OWNER.ownerEmail}`, () => ok([ACCOUNTANT])),
    );
    renderWithApp(
      <>
        <EmployeesPage />
        <Where />
      </>,
      { route },
    );
    const listCalls = () => api.calls.filter((c) => c.url.pathname.startsWith('/api/v1/employee/employees/'));
    return { api, listCalls };
  };

  it('asks the server for the first page sorted by name', async () => {
    const { listCalls } = start();
    expect(await screen.findByRole('link', { name: 'Ada Obi' })).toBeInTheDocument();
    const url = listCalls()[0]!.url;
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '25', sort: 'name', order: 'asc' });
    expect(screen.getByTestId('employee-count')).toHaveTextContent('2 employees');
  });

  it('puts a settled search in the address and sends it to the server from page 1', async () => {
    const { listCalls } = start('/employee?page=3');
    await screen.findByRole('link', { name: 'Ada Obi' });
    // Three key strokes within one task (delay: null), as a typist's come within the 300 ms the search waits: a
    // busy machine must not stretch them past it and make three settled searches of one.
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: 'Search employees' }), 'obi');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?search=obi'));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('search')).toBe('obi'));
    expect(listCalls().at(-1)!.url.searchParams.get('page')).toBe('1');
    // One request for the settled text, not one per key stroke.
    expect(listCalls().filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);
  });

  it('filters by department and designation through the address', async () => {
    const { listCalls } = start();
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(within(screen.getByTestId('filter-department')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Operations' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`?departmentId=${OPS._id}`));
    await userEvent.click(within(screen.getByTestId('filter-designation')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Accountant' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('designationId')).toBe(ACCOUNTANT._id));
    expect(listCalls().at(-1)!.url.searchParams.get('departmentId')).toBe(OPS._id);
    expect(screen.getByTestId('where')).toHaveTextContent(`departmentId=${OPS._id}&designationId=${ACCOUNTANT._id}`);
  });

  it('sorts by a column header: a second click before the address has landed still turns the order round', async () => {
    const { listCalls } = start();
    await screen.findByRole('link', { name: 'Ada Obi' });
    // The router commits an address change in a transition that a quick second click (or a busy main thread)
    // can overtake: click as a browser would, each click a task of its own, without act() flushing the transition.
    await withoutAct(async () => {
      clickLikeABrowser(numberHeader());
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      clickLikeABrowser(numberHeader());
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=desc'));
    await waitFor(() => expect(Object.fromEntries(listCalls().at(-1)!.url.searchParams)).toMatchObject({ sort: 'employeeNumber', order: 'desc', page: '1' }));
    expect(numberHeader()).toHaveAttribute('aria-sort', 'descending');
    // The grid follows the address again once it has landed: the next click goes back to ascending.
    await userEvent.click(numberHeader());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=asc'));
    expect(numberHeader()).toHaveAttribute('aria-sort', 'ascending');
  });

  it('keeps a sort while an earlier change of the address lands before it (route loaders, as in the app)', async () => {
    setSessionUser(OWNER);
    const rows = [employee({ name: 'Ada Obi' }), employee({ name: 'Bola Ade' })];
    mockFetch(
      on('GET', `/employee/employees/${OWNER.ownerEmail}`, () => ok(rows, { page: 1, limit: 25, total: 1, totalRecords: rows.length })),
      on('GET', `/auth/user-data/${OWNER._id}`, () => ok({ user: OWNER, users: [OWNER], departments: [OPS], collectionPoints: [] })),
      on('GET', `/employee/designation/${OWNER.ownerEmail}`, () => ok([ACCOUNTANT])),
    );
    // The route's loader holds the sorted address back until the test lets it through.
    let letSortThrough = () => {};
    const sortHeldBack = new Promise<void>((resolve) => (letSortThrough = resolve));
    const router = createMemoryRouter(
      [{ path: '/employee', loader: async ({ request }) => ((new URL(request.url).searchParams.has('sort') ? await sortHeldBack : undefined), null), element: <><EmployeesPage /><Where /></> }],
      { initialEntries: ['/employee?search=ada'] },
    );
    render(
      <ThemeProvider theme={createAppTheme('en')}>
        <QueryClientProvider client={newQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    await screen.findByRole('link', { name: 'Ada Obi' });
    await withoutAct(async () => {
      clickLikeABrowser(screen.getByRole('button', { name: 'Clear filters' }));
      // The router has the cleared address; React has not rendered it yet when the header is clicked.
      while (router.state.location.search !== '') await Promise.resolve();
      clickLikeABrowser(numberHeader());
    });
    // The cleared address lands while the sorted one is still held back: the grid keeps the sort it was asked for,
    // and the settled (now empty) search does not write the address over with the old sort.
    await waitFor(() => expect(screen.getByTestId('where')).toBeEmptyDOMElement());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(numberHeader()).toHaveAttribute('aria-sort', 'ascending');
    letSortThrough();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=asc'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=asc');
    expect(numberHeader()).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(numberHeader());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=desc'));
  });

  it('follows a navigation it did not make (a link) after its own changes', async () => {
    setSessionUser(OWNER);
    const rows = [employee({ name: 'Ada Obi' }), employee({ name: 'Bola Ade' })];
    const api = mockFetch(
      on('GET', `/employee/employees/${OWNER.ownerEmail}`, () => ok(rows, { page: 1, limit: 25, total: 1, totalRecords: rows.length })),
      on('GET', `/auth/user-data/${OWNER._id}`, () => ok({ user: OWNER, users: [OWNER], departments: [OPS], collectionPoints: [] })),
      on('GET', `/employee/designation/${OWNER.ownerEmail}`, () => ok([ACCOUNTANT])),
    );
    renderWithApp(
      <>
        <EmployeesPage />
        <Where />
        <Link to="/employee?sort=startDate&order=desc">Newest first</Link>
      </>,
      { route: '/employee' },
    );
    await screen.findByRole('link', { name: 'Ada Obi' });
    await userEvent.click(numberHeader());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=employeeNumber&order=asc'));
    await userEvent.click(screen.getByRole('link', { name: 'Newest first' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?sort=startDate&order=desc'));
    expect(screen.getByRole('columnheader', { name: /^Start date/ })).toHaveAttribute('aria-sort', 'descending');
    expect(numberHeader()).toHaveAttribute('aria-sort', 'none');
    const last = api.calls.filter((c) => c.url.pathname.startsWith('/api/v1/employee/employees/')).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ sort: 'startDate', order: 'desc' });
  });

  it('starts from the address: a shared link opens the same filtered, sorted page', async () => {
    const { listCalls } = start(`/employee?search=ada&departmentId=${OPS._id}&sort=startDate&order=desc&page=2&limit=50`);
    await screen.findByRole('link', { name: 'Ada Obi' });
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toEqual({ page: '2', limit: '50', search: 'ada', departmentId: OPS._id, sort: 'startDate', order: 'desc' });
    expect(screen.getByRole('textbox', { name: 'Search employees' })).toHaveValue('ada');
  });
});
