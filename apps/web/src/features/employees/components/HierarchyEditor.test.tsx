import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEmployeeDetail } from '@bizdesk/contract';
import { HierarchyEditor } from './HierarchyEditor.tsx';
import { renderWithApp } from '../../../test/render.tsx';
import { OWNER, employee, fail, mockFetch, ok, on, setupPeopleTexts } from '../testApi.ts';

beforeAll(setupPeopleTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada = employee({ name: 'Ada Obi' });
const bola = employee({ name: 'Bola Ade' });
const chidi = employee({ name: 'Chidi Okafor' });
const ref = (e: typeof ada) => ({ _id: e._id, name: e.name, employeeNumber: e.employeeNumber });
const detail = (over: Partial<TEmployeeDetail> = {}): TEmployeeDetail => ({ ...ada, appraiser: null, superior: ref(bola), upline: null, downlines: [ref(chidi)], ...over });
const list = () => ok([ada, bola, chidi], { page: 1, limit: 20, total: 1, totalRecords: 3 });

describe('HierarchyEditor', () => {
  it('shows the current links and sends every role with ids (null clears)', async () => {
    const api = mockFetch(on('GET', `/employee/employees/${OWNER.ownerEmail}`, list), on('PUT', '/employee/update-hierarchy', () => ok(detail(), { message: 'Hierarchy updated successfully' })));
    renderWithApp(<HierarchyEditor employee={detail()} email={OWNER.ownerEmail} />);
    expect(screen.getByRole('combobox', { name: 'Superior' })).toHaveValue(`Bola Ade (${bola.employeeNumber})`);
    expect(screen.getByRole('button', { name: `Chidi Okafor (${chidi.employeeNumber})` })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Upline' }));
    await userEvent.click(await screen.findByRole('option', { name: `Bola Ade (${bola.employeeNumber})` }));
    // The employee is never offered as their own appraiser, superior, upline or downline.
    await userEvent.click(screen.getByRole('combobox', { name: 'Appraiser' }));
    await screen.findByRole('option', { name: `Bola Ade (${bola.employeeNumber})` });
    expect(screen.queryByRole('option', { name: `Ada Obi (${ada.employeeNumber})` })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Save reporting lines' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ employeeId: ada._id, appraiser: null, superior: bola._id, upline: bola._id, downlines: [chidi._id] });
  });

  it("puts the server's cycle error on the field it names and shows the whole message", async () => {
    const message = 'upline: this would make a circle — the employee would end up above themselves';
    mockFetch(on('GET', `/employee/employees/${OWNER.ownerEmail}`, list), on('PUT', '/employee/update-hierarchy', () => fail(400, message)));
    renderWithApp(<HierarchyEditor employee={detail()} email={OWNER.ownerEmail} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Upline' }));
    await userEvent.click(await screen.findByRole('option', { name: `Chidi Okafor (${chidi.employeeNumber})` }));
    await userEvent.click(screen.getByRole('button', { name: 'Save reporting lines' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const upline = screen.getByRole('combobox', { name: 'Upline' });
    expect(upline).toHaveAttribute('aria-invalid', 'true');
    expect(upline).toHaveAccessibleDescription('this would make a circle — the employee would end up above themselves');
    expect(screen.getByRole('combobox', { name: 'Superior' })).toHaveAttribute('aria-invalid', 'false');

    // Changing the named field clears its error.
    await userEvent.click(upline);
    await userEvent.click(await screen.findByRole('option', { name: `Bola Ade (${bola.employeeNumber})` }));
    expect(screen.getByRole('combobox', { name: 'Upline' })).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows a downlines error (self or foreign) on the downlines field', async () => {
    const message = `downlines: ${bola._id} is not an employee of this business`;
    mockFetch(on('GET', `/employee/employees/${OWNER.ownerEmail}`, list), on('PUT', '/employee/update-hierarchy', () => fail(400, message)));
    renderWithApp(<HierarchyEditor employee={detail()} email={OWNER.ownerEmail} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save reporting lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('combobox', { name: 'Downlines' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Upline' })).toHaveAttribute('aria-invalid', 'false');
  });
});
