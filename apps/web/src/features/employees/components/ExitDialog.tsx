import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import LogoutIcon from '@mui/icons-material/Logout';
import { EXIT_REASONS, ZEmployeeExitInput, type TEmployeeDetail } from '@bizdesk/contract';
import type { z } from 'zod';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useRecordExit, useWithdrawExit } from '../api.ts';
import { fieldError } from '../validation.ts';

type TInput = z.input<typeof ZEmployeeExitInput>;

/** "Left 15 Nov 2026" next to a name on the staff list (issue 32). */
export const LeftChip = ({ exitDate }: { exitDate: string }) => {
  const { t, i18n } = useTranslation('people');
  return <Chip size="small" color="default" variant="outlined" label={t('exit.leftOn', { date: formatDate(exitDate, i18n.language) })} sx={{ mr: 1, height: 18, fontSize: 11 }} data-testid="left-chip" />;
};

/**
 * The exit of an employee (issue 32): the last day worked, the reason from the list and a note. The record stays,
 * with its history and payslips; the run of the last day's month pays the final settlement and later runs leave them
 * out. A recorded exit shows as an alert with a way to withdraw it (confirmed first).
 */
export const ExitPanel = ({ employee }: { employee: TEmployeeDetail }) => {
  const { t, i18n } = useTranslation('people');
  const [open, setOpen] = useState(false);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const record = useRecordExit(employee._id);
  const withdraw = useWithdrawExit(employee._id);
  const { form, formError, onSubmit } = useDialogForm<TInput, z.output<typeof ZEmployeeExitInput>>({
    schema: ZEmployeeExitInput,
    open,
    defaults: () => ({ lastDay: '', reason: 'resignation', note: '' }),
    submit: async ({ lastDay, reason, note }) => {
      await record.mutateAsync({ lastDay, reason, ...(note ? { note } : {}) });
      flash(t('exit.recorded', { name: employee.name }), 'success');
    },
    onDone: () => setOpen(false),
  });
  const { register, watch, formState: { errors } } = form;

  return (
    <>
      {employee.exitDate ? (
        <Alert
          severity="info"
          data-testid="exit-recorded"
          action={
            <Button color="inherit" size="small" onClick={() => setConfirmWithdraw(true)}>
              {t('exit.withdraw')}
            </Button>
          }
        >
          {t('exit.summary', {
            name: employee.name,
            date: formatDate(employee.exitDate, i18n.language),
            reason: t(`exit.reasons.${employee.exitReason ?? 'other'}`, { defaultValue: employee.exitReason ?? '' }),
          })}
          {employee.exitNote ? ` — ${employee.exitNote}` : ''}
        </Alert>
      ) : (
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => setOpen(true)} data-testid="record-exit">
          {t('exit.record')}
        </Button>
      )}
      <FormDialog open={open} title={t('exit.title', { name: employee.name })} description={t('exit.body')} submitLabel={t('exit.submit')} busy={record.isPending} error={formError} onSubmit={onSubmit} onClose={() => setOpen(false)} maxWidth="xs">
        <Stack spacing={2}>
          <TextField type="date" label={t('exit.lastDay')} slotProps={{ inputLabel: { shrink: true } }} autoFocus {...register('lastDay')} error={!!errors.lastDay} helperText={fieldError(t, errors.lastDay?.message) ?? t('exit.lastDayHelp')} data-testid="exit-last-day" />
          <TextField select label={t('exit.reason')} value={watch('reason')} {...register('reason')} error={!!errors.reason} helperText={fieldError(t, errors.reason?.message)} data-testid="exit-reason">
            {EXIT_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`exit.reasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('exit.note')} multiline minRows={2} {...register('note')} error={!!errors.note} helperText={fieldError(t, errors.note?.message)} />
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={confirmWithdraw}
        title={t('exit.withdrawTitle', { name: employee.name })}
        body={t('exit.withdrawBody', { name: employee.name })}
        confirmLabel={t('exit.withdraw')}
        busy={withdraw.isPending}
        onClose={() => setConfirmWithdraw(false)}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => setConfirmWithdraw(false),
            onError: (error) => flash(displayError(t, error), 'error'),
          })
        }
      />
    </>
  );
};
