import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
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
import { useAddHoliday, useDeleteHoliday, useHolidays, useLeaveSettings, useLeaveTypes, useSaveLeaveSettings, useSaveLeaveType, useUpdateHoliday } from '../api.ts';

const emptyType = { name: '', yearlyEntitlement: '20', accruesMonthly: false, carryForwardCap: '0', isPaid: true, gender: '' as '' | 'female' | 'male', minServiceMonths: '0', oncePerYear: false, carryForwardExpires: '' };

/** Leave types (entitlement, monthly accrual, carry-forward cap) and the year's holidays. */
export const LeaveSettings = ({ year }: { year: number }) => {
  const { t, i18n } = useTranslation('time');
  const types = useLeaveTypes();
  const saveType = useSaveLeaveType();
  const holidays = useHolidays(year);
  const addHoliday = useAddHoliday();
  const deleteHoliday = useDeleteHoliday();
  const updateHoliday = useUpdateHoliday();
  const settings = useLeaveSettings();
  const saveSettings = useSaveLeaveSettings();
  const [allowance, setAllowance] = useState<{ percent: string; timing: 'with-leave' | 'month'; month: string } | null>(null);
  const [moving, setMoving] = useState<{ id: string; date: string; name: string } | null>(null);
  const [editing, setEditing] = useState<{ id?: string; form: typeof emptyType } | null>(null);
  const [holiday, setHoliday] = useState<{ date: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<THoliday | null>(null);
  const [error, setError] = useState<string | null>(null);

  const openType = (type?: TLeaveType) => {
    setError(null);
    setEditing(type ? { id: type._id, form: {
      name: type.name, yearlyEntitlement: String(type.yearlyEntitlement), accruesMonthly: type.accruesMonthly, carryForwardCap: String(type.carryForwardCap), isPaid: type.isPaid ?? true,
      gender: type.gender ?? '', minServiceMonths: String(type.minServiceMonths ?? 0), oncePerYear: type.oncePerYear ?? false, carryForwardExpires: type.carryForwardExpires ?? '',
    } } : { form: emptyType });
  };
  const onSaveType = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = editing!.form;
    saveType.mutate(
      { id: editing!.id, input: {
        name: f.name, yearlyEntitlement: Number(f.yearlyEntitlement), accruesMonthly: f.accruesMonthly, carryForwardCap: Number(f.carryForwardCap), isPaid: f.isPaid,
        gender: f.gender || null, minServiceMonths: Number(f.minServiceMonths || 0), oncePerYear: f.oncePerYear, carryForwardExpires: f.carryForwardExpires.trim() || null,
      } },
      { onSuccess: () => setEditing(null), onError: (e) => setError(displayError(t, e)) },
    );
  };
  const onAddHoliday = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    addHoliday.mutate(holiday!, { onSuccess: () => setHoliday(null), onError: (e) => setError(displayError(t, e)) });
  };
  const fmt = (d: string) => formatDate(d, i18n.language);
  const onMoveHoliday = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    updateHoliday.mutate({ id: moving!.id, input: { date: moving!.date, name: moving!.name } }, {
      onSuccess: () => { setMoving(null); flash(t('leave.holidayMovedRecounted')); }, onError: (e) => setError(displayError(t, e)),
    });
  };
  const onSaveAllowance = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const a = allowance!;
    saveSettings.mutate({ allowancePercent: Number(a.percent.replace(',', '.')), allowanceTiming: a.timing, allowanceMonth: a.timing === 'month' ? Number(a.month) : null }, {
      onSuccess: () => setAllowance(null), onError: (e) => setError(displayError(t, e)),
    });
  };
  const s = settings.data;
  const typeLine = (type: TLeaveType) => [
    `${type.yearlyEntitlement}`, type.accruesMonthly ? t('leave.accruesMonthly') : '', `${t('leave.carryForwardCap')}: ${type.carryForwardCap}`,
    type.carryForwardExpires ? t('leave.expiresLine', { date: type.carryForwardExpires }) : '', type.isPaid === false ? t('leave.unpaid') : '',
    type.gender ? t(`leave.onlyFor.${type.gender}`) : '', type.minServiceMonths ? t('leave.afterMonths', { count: type.minServiceMonths }) : '', type.oncePerYear ? t('leave.oncePerYear') : '',
  ].filter(Boolean).join(' · ');

  return (
    <Stack spacing={3}>
      <PanelCard title={t('leave.types')} action={<Button variant="outlined" onClick={() => openType()}>{t('leave.addType')}</Button>}>
        <List>
          {(types.data ?? []).map((type) => (
            <ListItem key={type._id} secondaryAction={<IconButton edge="end" aria-label={`${t('common.save')} ${leaveTypeName(t, type.name)}`} onClick={() => openType(type)}><EditIcon /></IconButton>}>
              <ListItemText primary={leaveTypeName(t, type.name)} secondary={typeLine(type)} />
            </ListItem>
          ))}
        </List>
      </PanelCard>
      <PanelCard title={`${t('leave.holidays')} ${year}`} action={<Button variant="outlined" onClick={() => { setError(null); setHoliday({ date: `${year}-`, name: '' }); }}>{t('leave.addHoliday')}</Button>}>
        <List>
          {(holidays.data ?? []).map((h) => (
            <ListItem key={h._id} secondaryAction={(
              <>
                <IconButton aria-label={`${t('leave.editHoliday')} ${holidayName(t, h.name)}`} onClick={() => { setError(null); setMoving({ id: h._id, date: h.date, name: h.name }); }}><EditIcon /></IconButton>
                <IconButton edge="end" aria-label={`${t('common.delete')} ${holidayName(t, h.name)}`} onClick={() => setDeleting(h)}><DeleteIcon /></IconButton>
              </>
            )}>
              <ListItemText primary={holidayName(t, h.name)} secondary={fmt(h.date)} />
            </ListItem>
          ))}
        </List>
      </PanelCard>
      <PanelCard title={t('leave.allowance.title')} action={<Button variant="outlined" disabled={!s} onClick={() => { setError(null); setAllowance({ percent: String(s?.allowancePercent ?? 0), timing: s?.allowanceTiming ?? 'with-leave', month: String(s?.allowanceMonth ?? 12) }); }}>{t('leave.allowance.edit')}</Button>}>
        {settings.isLoading ? <ListItemText secondary={t('leave.allowance.loading')} /> : null}
        {s ? <ListItemText primary={s.allowancePercent > 0 ? t(s.allowanceTiming === 'month' ? 'leave.allowance.inMonth' : 'leave.allowance.withLeave', { percent: s.allowancePercent, month: s.allowanceMonth ?? '' }) : t('leave.allowance.none')} secondary={t('leave.allowance.help')} /> : null}
      </PanelCard>
      {allowance ? (
        <FormDialog open title={t('leave.allowance.title')} submitLabel={t('common.save')} busy={saveSettings.isPending} error={error} onSubmit={onSaveAllowance} onClose={() => setAllowance(null)}>
          <TextField label={t('leave.allowance.percent')} value={allowance.percent} inputMode="decimal" onChange={(e) => setAllowance({ ...allowance, percent: e.target.value })} required />
          <TextField select label={t('leave.allowance.timing')} value={allowance.timing} onChange={(e) => setAllowance({ ...allowance, timing: e.target.value as 'with-leave' | 'month' })}>
            <MenuItem value="with-leave">{t('leave.allowance.timings.with-leave')}</MenuItem>
            <MenuItem value="month">{t('leave.allowance.timings.month')}</MenuItem>
          </TextField>
          {allowance.timing === 'month' ? (
            <TextField select label={t('leave.allowance.month')} value={allowance.month} onChange={(e) => setAllowance({ ...allowance, month: e.target.value })} required>
              {Array.from({ length: 12 }, (_, i) => <MenuItem key={i + 1} value={String(i + 1)}>{new Intl.DateTimeFormat(i18n.language, { month: 'long' }).format(new Date(Date.UTC(2026, i, 15)))}</MenuItem>)}
            </TextField>
          ) : null}
        </FormDialog>
      ) : null}
      {moving ? (
        <FormDialog open title={t('leave.editHoliday')} description={t('leave.editHolidayHelp')} submitLabel={t('common.save')} busy={updateHoliday.isPending} error={error} onSubmit={onMoveHoliday} onClose={() => setMoving(null)}>
          <TextField type="date" label={t('common.date')} value={moving.date} onChange={(e) => setMoving({ ...moving, date: e.target.value })} required slotProps={{ inputLabel: { shrink: true } }} />
          <TextField label={t('leave.holidayName')} value={moving.name} onChange={(e) => setMoving({ ...moving, name: e.target.value })} required />
        </FormDialog>
      ) : null}
      {editing ? (
        <FormDialog open title={editing.id ? leaveTypeName(t, editing.form.name) : t('leave.addType')} submitLabel={t('common.save')} busy={saveType.isPending} error={error} onSubmit={onSaveType} onClose={() => setEditing(null)}>
          <TextField label={t('leave.type')} value={editing.form.name} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, name: e.target.value } })} required />
          <TextField label={t('leave.entitlement')} value={editing.form.yearlyEntitlement} inputMode="numeric" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, yearlyEntitlement: e.target.value } })} required />
          <FormControlLabel control={<Checkbox checked={editing.form.accruesMonthly} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, accruesMonthly: e.target.checked } })} />} label={t('leave.accruesMonthly')} />
          <FormControlLabel control={<Checkbox checked={!editing.form.isPaid} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, isPaid: !e.target.checked } })} />} label={t('leave.unpaidHelp')} />
          <TextField label={t('leave.carryForwardCap')} value={editing.form.carryForwardCap} inputMode="numeric" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, carryForwardCap: e.target.value } })} />
          <TextField label={t('leave.carryForwardExpires')} helperText={t('leave.carryForwardExpiresHelp')} value={editing.form.carryForwardExpires} placeholder="03-31" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, carryForwardExpires: e.target.value } })} />
          <TextField select label={t('leave.gender')} value={editing.form.gender} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, gender: e.target.value as '' | 'female' | 'male' } })}>
            <MenuItem value="">{t('leave.genders.any')}</MenuItem>
            <MenuItem value="female">{t('leave.genders.female')}</MenuItem>
            <MenuItem value="male">{t('leave.genders.male')}</MenuItem>
          </TextField>
          <TextField label={t('leave.minServiceMonths')} value={editing.form.minServiceMonths} inputMode="numeric" onChange={(e) => setEditing({ ...editing, form: { ...editing.form, minServiceMonths: e.target.value } })} />
          <FormControlLabel control={<Checkbox checked={editing.form.oncePerYear} onChange={(e) => setEditing({ ...editing, form: { ...editing.form, oncePerYear: e.target.checked } })} />} label={t('leave.oncePerYearLabel')} />
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
        body={t('leave.deleteHolidayRecount')}
        confirmLabel={t('common.delete')}
        destructive
        busy={deleteHoliday.isPending}
        onConfirm={() => deleteHoliday.mutate(deleting!._id, { onSettled: () => setDeleting(null), onError: (e) => flash(displayError(t, e), 'error') })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
