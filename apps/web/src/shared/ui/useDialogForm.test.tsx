import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { BadRequestError } from '../api/errors.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { FormDialog } from './FormDialog.tsx';
import { useDialogForm } from './useDialogForm.ts';

const ZTeam = z.object({ name: z.string().trim().min(1, 'is required'), code: z.string() });
type TTeam = z.infer<typeof ZTeam>;

const TeamDialog = ({ open, submit, onClose }: { open: boolean; submit: (v: TTeam) => Promise<unknown>; onClose: () => void }) => {
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TTeam, TTeam>({ schema: ZTeam, open, defaults: () => ({ name: '', code: '' }), submit, onDone: onClose });
  return (
    <FormDialog open={open} title="Team" submitLabel="Save" busy={false} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label="Name" {...form.register('name')} {...fieldProps('name')} />
      <TextField label="Code" {...form.register('code')} {...fieldProps('code')} />
    </FormDialog>
  );
};

const serverFailure = (message: string, details?: unknown) =>
  new BadRequestError({ status: 409, data: { success: false, message, code: 'CONFLICT', details } });

beforeAll(setupI18n);
afterEach(cleanup);

describe('useDialogForm', () => {
  it('checks the schema first and sends nothing while a field is wrong', async () => {
    const submit = vi.fn();
    renderWithApp(<TeamDialog open submit={submit} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/required/i)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts a server error on the field it names and closes only on success', async () => {
    const onClose = vi.fn();
    const submit = vi.fn().mockRejectedValueOnce(serverFailure('code: is already used by another team')).mockResolvedValueOnce({});
    renderWithApp(<TeamDialog open submit={submit} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Drivers');
    await userEvent.type(screen.getByLabelText('Code'), 'DRV');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is already used by another team')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenLastCalledWith({ name: 'Drivers', code: 'DRV' });
  });

  it('shows a server message that names no field as the dialog error, and starts fresh when reopened', async () => {
    const submit = vi.fn().mockRejectedValue(serverFailure('The team list is locked while payroll runs'));
    const { rerender } = renderWithApp(<TeamDialog open submit={submit} onClose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Drivers');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The team list is locked while payroll runs')).toBeInTheDocument();
    rerender(<TeamDialog open={false} submit={submit} onClose={vi.fn()} />);
    rerender(<TeamDialog open submit={submit} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.queryByText('The team list is locked while payroll runs')).not.toBeInTheDocument();
  });
});
