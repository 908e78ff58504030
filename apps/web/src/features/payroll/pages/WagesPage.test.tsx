import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPaySettings } from '@bizdesk/contract';
import { endSession, setSessionUser } from '../../../shared/session.ts';
import { FlashHost } from '../../../shared/ui/FlashHost.tsx';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { OWNER, mockFetch, ok, on } from '../../employees/testApi.ts';
import { WagesPage } from './WagesPage.tsx';

setupScreenTests('pay', 'imports', 'structures');
afterEach(() => {
  act(() => {
    for (const node of document.querySelectorAll('.bd-flash__close')) (node as HTMLButtonElement).click();
  });
  // Unmounted before the session ends: the page reads the signed-in user while it renders.
  cleanup();
  endSession();
});

const TOTAL = 41;
const person = (i: number): TPaySettings => ({
  employeeId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, employeeNumber: `EMP-${String(i).padStart(4, '0')}`, name: `Staff ${i}`, email: `staff${i}@example.ng`,
  department: null, grossIncomeMinor: 120_000_000, split: null, bankName: null, bankCode: null, accountNumber: null, accountName: null, payDay: 25,
  pensionBase: null, pensionRate: null, pensionFundAdministrator: null, stateOfResidence: null, nhf: false, tin: null, rsaPin: null, nhfNumber: null,
  ghanaCardNumber: null, ssnitNumber: null, region: null, tier3Employee: 0, tier3Employer: 0, pensionFundAdministratorName: null, unlisted: [],
  nhisMinor: 0, lifeAssuranceMinor: 0, rentMinor: 0, mortgageInterestMinor: 0,
});
const toasts = () => screen.queryAllByRole('status').map((node) => node.querySelector('.bd-flash__text')?.textContent);

const api = (...extra: Parameters<typeof mockFetch>) => mockFetch(
  on('GET', '/payroll/settings', (call) => {
    const page = Number(call.url.searchParams.get('page') ?? 1);
    const limit = Number(call.url.searchParams.get('limit') ?? 25);
    const rows = Array.from({ length: TOTAL }, (_, i) => person(i + 1)).slice((page - 1) * limit, page * limit);
    return ok(rows, { page, limit, total: TOTAL, totalRecords: TOTAL });
  }),
  on('POST', '/payroll/settings/bulk', (call) => {
    const body = JSON.parse(String(call.body));
    const updated = body.selectAll ? TOTAL - body.excludedIds.length : body.employeeIds.length;
    return ok({ updated }, { message: `Pay settings saved for ${updated} employees` });
  }),
  ...extra,
);

describe('WagesPage bulk edit', () => {
  it('assigns a structure to every selected row but the one left out, in one request with one summary toast', async () => {
    screenWidth(1440);
    setSessionUser(OWNER);
    const calls = api(
      on('GET', '/payroll/structures', () => ok([
      { _id: '00000000-0000-4000-8000-00000000000a', name: 'Company', country: 'NG', isDefault: true, split: null, pensionBase: null, employees: 0, items: [] },
      { _id: '00000000-0000-4000-8000-00000000000b', name: 'Grade B', country: 'NG', isDefault: false, split: null, pensionBase: null, employees: 0, items: [] },
      ])),
      on('POST', '/payroll/structures/assign', (call) => {
        const body = JSON.parse(String(call.body));
        return ok({ structureId: body.structureId, employees: TOTAL - body.excludedIds.length }, { message: 'Pay structure assigned' });
      }),
    );
    renderWithApp(<><WagesPage /><FlashHost /></>);
    const grid = await screen.findByRole('grid', { name: 'Wages' });
    await within(grid).findByText('Staff 1');
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(within(grid).getAllByRole('checkbox', { name: /select row/i })[0]);
    const assign = screen.getByTestId('wages-assign-structure');
    await waitFor(() => expect(assign).toHaveTextContent(`Assign structure (${TOTAL - 1})`));
    await userEvent.click(assign);
    const dialog = await screen.findByRole('dialog', { name: `Assign a structure to ${TOTAL - 1} employees` });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Structure/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grade B' }));
    await userEvent.click(within(dialog).getByRole('button', { name: `Assign to ${TOTAL - 1} employees` }));
    await waitFor(() => expect(toasts()).toEqual([`Grade B assigned to ${TOTAL - 1} employees`]));
    const sent = calls.calls.filter((c) => c.url.pathname.endsWith('/payroll/structures/assign'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0].body))).toEqual({ selectAll: true, excludedIds: [person(1).employeeId], structureId: '00000000-0000-4000-8000-00000000000b' });
  }, 30_000);

  it('"select all" selects every employee of the list, all pages; the bulk edit is one request and one toast', async () => {
    screenWidth(1440);
    setSessionUser(OWNER);
    const calls = api();
    renderWithApp(<><WagesPage /><FlashHost /></>);
    const grid = await screen.findByRole('grid', { name: 'Wages' });
    await within(grid).findByText('Staff 1');
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    const bulkButton = await screen.findByTestId('wages-bulk-set');
    await waitFor(() => expect(bulkButton).toHaveTextContent(`(${TOTAL})`));
    expect(screen.getByTestId('wages-add-to-run')).toHaveTextContent(`(${TOTAL})`);
    expect(screen.getByTestId('wages-add-to-run')).toBeEnabled();

    await userEvent.click(bulkButton);
    const dialog = await screen.findByRole('dialog', { name: `Set for ${TOTAL} employees` });
    await userEvent.type(within(dialog).getByTestId('pay-payDay'), '27');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const bulk = calls.calls.filter((c) => c.url.pathname.endsWith('/payroll/settings/bulk'));
    expect(bulk).toHaveLength(1);
    expect(JSON.parse(String(bulk[0].body))).toEqual({ selectAll: true, excludedIds: [], settings: { payDay: 27 } });
    expect(calls.calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(toasts()).toEqual([`Pay settings saved for ${TOTAL} employees`]));
  }, 30_000);

  it('unticking one row after "select all" leaves it out and counts one less', async () => {
    screenWidth(1440);
    setSessionUser(OWNER);
    const calls = api();
    renderWithApp(<><WagesPage /><FlashHost /></>);
    const grid = await screen.findByRole('grid', { name: 'Wages' });
    await within(grid).findByText('Staff 1');
    await userEvent.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    const rowBoxes = within(grid).getAllByRole('checkbox', { name: /select row/i });
    await userEvent.click(rowBoxes[0]);
    await waitFor(() => expect(screen.getByTestId('wages-bulk-set')).toHaveTextContent(`(${TOTAL - 1})`));
    await userEvent.click(screen.getByTestId('wages-bulk-set'));
    const dialog = await screen.findByRole('dialog', { name: `Set for ${TOTAL - 1} employees` });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /National Housing Fund/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toEqual([`Pay settings saved for ${TOTAL - 1} employees`]));
    const body = JSON.parse(String(calls.calls.find((c) => c.url.pathname.endsWith('/payroll/settings/bulk'))!.body));
    expect(body).toMatchObject({ selectAll: true, excludedIds: [person(1).employeeId], settings: { nhf: true } });
  }, 30_000);
});
