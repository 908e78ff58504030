import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { OffCycleRunDialog } from './OffCycleRunDialog.tsx';

setupScreenTests('pay');

const ADA = { id: '11111111-1111-4111-8111-111111111111', name: 'Ada Obi', number: 'E001' };
const BOLA = { id: '22222222-2222-4222-8222-222222222222', name: 'Bola Obi', number: 'E002' };

const open = () => {
  const onSubmit = vi.fn();
  renderWithApp(<OffCycleRunDialog open month="2026-12" employees={[ADA, BOLA]} busy={false} onSubmit={onSubmit} onClose={() => undefined} />);
  return { onSubmit, dialog: screen.getByRole('dialog', { name: 'New off-cycle run' }) };
};
const chooseKind = async (dialog: HTMLElement, name: string) => {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
  await userEvent.click(screen.getByRole('option', { name }));
};

describe('OffCycleRunDialog', { timeout: 30_000 }, () => {
  it('creates a 13th-month run for everyone on one month\'s basic by default, or on gross', async () => {
    const { onSubmit, dialog } = open();
    expect(within(dialog).getByRole('radio', { name: 'Basic salary' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'thirteenth-month', month: '2026-12', base: 'basic', selectAll: true });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Gross pay' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ kind: 'thirteenth-month', month: '2026-12', base: 'gross', selectAll: true });
  });

  it('takes a bonus as a percentage for everyone with an amount for one chosen employee, and asks for a value first', async () => {
    const { onSubmit, dialog } = open();
    await chooseKind(dialog, 'Bonus');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name on the payslips (optional)' }), 'Year-end bonus');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All employees' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one employee');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ada Obi (E001)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bola Obi (E002)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give an amount or a percentage for everyone');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount for Bola Obi' }), '75,000');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'For everyone' }));
    await userEvent.click(screen.getByRole('option', { name: '% of one month’s gross' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '% of one month’s gross' }), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'bonus', month: '2026-12', label: 'Year-end bonus', bulk: { percent: 10 }, employeeIds: [ADA.id, BOLA.id], items: [{ employeeId: BOLA.id, amount: '75000' }],
    });
  });

  it('takes signed correction lines per employee', async () => {
    const { onSubmit, dialog } = open();
    await chooseKind(dialog, 'Correction');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Employee' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ada Obi' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What it corrects' }), 'Allowance overpaid');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (negative takes pay back)' }), '-5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'correction', month: '2026-12', items: [{ employeeId: ADA.id, name: 'Allowance overpaid', amount: '-5000' }] });
  });
});
