import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { THoliday, TLeaveType } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { holidayName, leaveTypeName } from '../../../shared/i18n/words.ts';
import { useAddHoliday, useDeleteHoliday, useHolidays, useLeaveTypes, useSaveLeaveType } from '../api.ts';

const emptyType = { name: '', yearlyEntitlement: '20', accruesMonthly: false, carryForwardCap: '0', isPaid: true };

/** Leave types (entitlement, monthly accrual, carry-forward cap) and the year's holidays. */
export const LeaveSettings = ({ year }: { year: number }) => {
  const { t, i18n } = useTranslation('time');
  const types = useLeaveTypes();
  const saveType = useSaveLeaveType();
  const holidays = useHolidays(year);
  const addHoliday = useAddHoliday();
  const deleteHoliday = useDeleteHoliday();
  const [editing, setEditing] = useState<{ id?: string; form: typeof emptyType } | null>(null);
  const [holiday, setHoliday] = useState<{ date: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<THoliday | null>(null);
  const [error, setError] = useState<string | null>(null);

  const openType = (type?: TLeaveType) => {
    setError(null);
    setEditing(type ? { id: type._id, form: { name: type.name, yearlyEntitlement: String(type.yearlyEntitlement), accruesMonthly: type.accruesMonthly, carryForwardCap: String(type.carryForwardCap), isPaid: type.isPaid ?? true } } : { form: emptyType });
  };
  const onSaveType = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = editing!.form;
    saveType.mutate(
      { id: editing!.id, input: { name: f.name, yearlyEntitlement: Number(f.yearlyEntitlement), accruesMonthly: f.accruesMonthly, carryForwardCap: Number(f.carryForwardCap), isPaid: f.isPaid } },
      { onSuccess: () => setEditing(null), onError: (e) => setError(displayError(t, e)) },
    );
  };
  const onAddHoliday = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    addHoliday.mutate(holiday!, { onSuccess: () => setHoliday(null), onError: (e) => setError(displayError(t, e)) });
  };
  const fmt = (d: string) => formatDate(d, i18n.language);

  return (
    <Stack spacing={3}>
      <PanelCard title={t('leave.types')} action={<Button variant="outlined" onClick={() => openType()}>{t('leave.addType')}</Button>}>
        <List>
          {(types.data ?? []).map((type) => (
            <ListItem key={type._id} secondaryAction={<IconButton edge="end" aria-label={`${t('common.save')} ${leaveTypeName(t, type.name)}`} onClick={() => openType(type)}><EditIcon /></IconButton>}>
              <ListItemText primary={leaveTypeName(t, type.name)} secondary={`${type.yearlyEntitlement} · ${type.accruesMonthly ? t('leave.accruesMonthly') : ''} · ${t('leave.carryForwardCap')}: ${type.carryForwardCap}${type.isPaid === false ? ` · ${t('leave.unpaid')}` : ''}`} />
            </ListItem>
          ))}
        </List>
      </PanelCard>
      <PanelCard title={`${t('leave.holidays')} ${year}`} action={<Button variant="outlined" onClick={() => { setError(null); setHoliday({ date: `${year}-`, name: '' }); }}>{t('leave.addHoliday')}</Button>}>
        <List>
          {(holidays.data ?? []).map((h) => (
            <ListItem key={h._id} secondaryAction={<IconButton edge="end" aria-label={`${t('common.delete')} ${holidayName(t, h.name)}`} onClick={() => setDeleting(h)}><DeleteIcon /></IconButton>}>
              <ListItemText primary={holidayName(t, h.name)} secondary={fmt(h.date)} />
            </ListItem>
          ))}
        </List>
      </PanelCard>
      {editing ? (
        <FormDialog open title={editing.id ? leaveTypeName(t, editing.form.name) : t('leave.addType')} submitLabel={t('common.save')} busy={saveType.isPending} error={error} onSubmit={onSaveType} onClose={() => setEditing(null)}>
          <TextField label={t('leave.type')} value={editing.form.name} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, name: e.target.value } })} required />
          <TextField label={t('leave.entitlement')} value={editing.form.yearlyEntitlement} inputMode="numeric" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, yearlyEntitlement: e.target.value } })} required />
          <FormControlLabel control={<Checkbox checked={editing.form.accruesMonthly} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, accruesMonthly: e.target.checked } })} />} label={t('leave.accruesMonthly')} />
          <FormControlLabel control={<Checkbox checked={!editing.form.isPaid} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, isPaid: !e.target.checked } })} />} label={t('leave.unpaidHelp')} />
          <TextField label={t('leave.carryForwardCap')} value={editing.form.carryForwardCap} inputMode="numeric" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, carryForwardCap: e.target.value } })} />
        </FormDialog>
      ) : null}
      {holiday ? (
        <FormDialog open title={t('leave.addHoliday')} submitLabel={t('common.save')} busy={addHoliday.isPending} error={error} onSubmit={onAddHoliday} onClose={() => setHoliday(null)}>
          <TextField type="date" label={t('common.date')} value={holiday.date} onChange={(e) => setHoliday({ ...holiday, date: e.target.value })} required slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label={t('leave.holidayName')} value={holiday.name} onChange={(e) => setHoliday({ ...holiday, name: e.target.value })} required />
        </FormDialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('leave.deleteHolidayTitle', { name: deleting ? holidayName(t, deleting.name) : '' })}
        body={t('leave.deleteHolidayBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={deleteHoliday.isPending}
        onConfirm={() => deleteHoliday.mutate(deleting!._id, { onSettled: () => setDeleting(null), onError: (e) => flash(displayError(t, e), 'error') })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
