import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TAttendanceLabel } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatLongDate } from '../../../shared/format/dates.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { useLeaveTypes } from '../../leave/api.ts';
import { useCorrectMark } from '../api.ts';
import { ATTENDANCE_LABELS } from './labels.ts';

export type TCorrectTarget = { employeeId: string; name: string; date: string; label: TAttendanceLabel | null; initial?: TAttendanceLabel; hint?: string };

/**
 * Issue 33: HR changes a day (a past one, or any day from the month grid) with a required reason; the server audits it and
 * the day shows as corrected. A `leave` mark takes a day of the chosen leave type.
 */
export const CorrectDialog = ({ target, onClose }: { target: TCorrectTarget | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('time');
  const correct = useCorrectMark();
  const [label, setLabel] = useState<TAttendanceLabel | ''>(target?.initial ?? '');
  const [reason, setReason] = useState('');
  const [leaveType, setLeaveType] = useState('annual');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const types = useLeaveTypes(label === 'leave');
  if (!target) return null;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason.trim()) return setReasonError(t('correct.reasonRequired'));
    if (!label) return;
    setError(null);
    correct.mutate({ employeeId: target.employeeId, date: target.date, label, reason: reason.trim(), ...(label === 'leave' ? { leaveType } : {}) }, {
      onSuccess: () => {
        flash(t('correct.done'), 'success');
        onClose();
      },
      onError: (err) => setError(displayError(t, err, { reason: t('correct.reason'), label: t('correct.label'), leaveType: t('correct.leaveType') })),
    });
  };

  return (
    <FormDialog
      open
      title={t('correct.title', { name: target.name, date: formatLongDate(target.date, i18n.language) })}
      description={[target.label ? t('correct.was', { label: t(`labels.${target.label}`) }) : null, target.hint ?? null].filter(Boolean).join(' · ') || undefined}
      submitLabel={t('correct.save')}
      busy={correct.isPending}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField select label={t('correct.label')} value={label} onChange={(e) => setLabel(e.target.value as TAttendanceLabel)} required data-testid="correct-label">
        {ATTENDANCE_LABELS.map((l) => <MenuItem key={l} value={l}>{t(`labels.${l}`)}</MenuItem>)}
      </TextField>
      {label === 'leave' ? (
        <TextField select label={t('correct.leaveType')} value={leaveType} onChange={(e) => setLeaveType(e.target.value)} helperText={t('correct.leaveHelp')}>
          {(types.data ?? [{ _id: 'annual', name: 'annual' }]).map((lt) => <MenuItem key={lt._id} value={lt.name}>{leaveTypeName(t, lt.name)}</MenuItem>)}
        </TextField>
      ) : null}
      <TextField
        label={t('correct.reason')}
        value={reason}
        onChange={(e) => { setReason(e.target.value); setReasonError(null); }}
        required
        multiline
        minRows={2}
        error={Boolean(reasonError)}
        helperText={reasonError ?? t('correct.reasonHelp')}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
};
