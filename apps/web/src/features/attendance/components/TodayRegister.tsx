import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import type { TAttendanceLabel, TCheckin } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatLongDate } from '../../../shared/format/dates.ts';
import { useMark, useMarkAll, useRegister } from '../api.ts';
import { ATTENDANCE_LABELS, LABEL_COLORS, formatTime } from './labels.ts';
import { CorrectDialog, type TCorrectTarget } from './CorrectDialog.tsx';
import { noteText } from './MonthGrid.tsx';
import { formatDate } from '../../../shared/format/dates.ts';

/**
 * The register of a day: today by default, or a past day chosen with the date picker (issue 33; never a future day). One row
 * per employee with their marks, check-in, suspension and who corrected the day; today marks with one click, a past day asks
 * for a reason (audited). "Mark all present" fills the day's unmarked rows.
 */
export const TodayRegister = ({ email, timeZone, today: businessToday }: { email: string; timeZone: string; today?: string }) => {
  const { t, i18n } = useTranslation('time');
  const todayDay = businessToday ?? new Date().toISOString().slice(0, 10);
  const [chosen, setChosen] = useState<string>('');
  const [dayError, setDayError] = useState<string | null>(null);
  const [editing, setEditing] = useState<TCorrectTarget | null>(null);
  const isPast = Boolean(chosen) && chosen < todayDay;
  const register = useRegister(email, 0, isPast ? chosen : undefined);
  const mark = useMark();
  const markAll = useMarkAll(email);
  const [pending, setPending] = useState<string | null>(null);
  const today = register.data?.to ?? '';
  const noteOf = useMemo(() => new Map((register.data?.notes ?? []).filter((n) => n.date === today).map((n) => [n.employeeId, n])), [register.data, today]);
  const suspensionOf = useMemo(() => new Map((register.data?.suspensions ?? []).filter((x) => x.from <= today && x.to >= today).map((x) => [x.employeeId, x])), [register.data, today]);
  const onDay = (value: string) => {
    if (!value) { setChosen(''); setDayError(null); return; }
    if (value > todayDay) { setDayError(t('correct.futureDay')); return; }
    setDayError(null);
    setChosen(value === todayDay ? '' : value);
  };
  const dayPicker = (
    <TextField
      type="date"
      size="small"
      label={t('correct.day')}
      value={chosen || todayDay}
      onChange={(e) => onDay(e.target.value)}
      error={Boolean(dayError)}
      helperText={dayError ?? t('correct.dayHelp')}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayDay, 'data-testid': 'register-day' } }}
    />
  );
  const labelOf = useMemo(() => new Map((register.data?.marks ?? []).filter((m) => m.date === today).map((m) => [m.employeeId, m.label])), [register.data, today]);
  const checkinOf = useMemo(() => new Map((register.data?.checkins ?? []).filter((c) => c.date === today).map((c) => [c.employeeId, c])), [register.data, today]);

  if (register.isLoading) return <Stack spacing={2}>{dayPicker}<Skeleton variant="rounded" height={240} /></Stack>;
  if (register.error) {
    return (
      <Stack spacing={2}>
        {dayPicker}
        <Alert severity="error" action={<Button onClick={() => register.refetch()}>{t('common.retry')}</Button>}>{displayError(t, register.error)}</Alert>
      </Stack>
    );
  }
  const employees = register.data?.employees ?? [];
  if (employees.length === 0) return <Stack spacing={2}>{dayPicker}<EmptyState Icon={GroupsIcon} title={t('attendance.emptyTitle')} body={t('attendance.emptyBody')} /></Stack>;

  const onMark = (employeeId: string, label: TAttendanceLabel | null) => {
    if (!label) return;
    if (isPast) {
      const e = employees.find((x) => x._id === employeeId)!;
      const note = noteOf.get(employeeId);
      setEditing({ employeeId, name: e.name, date: today, label: labelOf.get(employeeId) ?? null, initial: label, hint: note ? noteText(t, note, i18n.language) : undefined });
      return;
    }
    setPending(employeeId);
    mark.mutate({ date: today, employeeId, label }, { onError: (e) => flash(displayError(t, e), 'error'), onSettled: () => setPending(null) });
  };
  const onMarkAll = () =>
    markAll.mutate({ date: today, label: 'present' }, {
      onSuccess: (res) => flash(t('attendance.markAllDone', { count: res.data.marked, kept: res.data.kept }), 'success'),
      onError: (e) => flash(displayError(t, e), 'error'),
    });
  const place = (c: TCheckin) => c.checkInSite?.name ?? (c.checkInLocation ? `${c.checkInLocation.latitude.toFixed(4)}, ${c.checkInLocation.longitude.toFixed(4)}` : null);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {dayPicker}
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="register-date">{formatLongDate(today, i18n.language)}</Typography>
        </Stack>
        <Button variant="contained" startIcon={<DoneAllIcon />} onClick={onMarkAll} disabled={markAll.isPending} data-testid="mark-all-present">
          {t('attendance.markAllPresent')}
        </Button>
      </Stack>
      {isPast ? <Alert severity="info">{t('correct.pastDay')}</Alert> : null}
      <Card>
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {employees.map((e) => {
            const current = labelOf.get(e._id) ?? null;
            const c = checkinOf.get(e._id);
            return (
              <Stack key={e._id} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }} data-testid={`register-row-${e.employeeNumber}`}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{e.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {e.employeeNumber}{e.department ? ` · ${e.department}` : ''}
                  </Typography>
                  {suspensionOf.get(e._id) || noteOf.get(e._id) ? (
                    <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                      {suspensionOf.get(e._id) ? <Chip size="small" color="warning" label={t('correct.suspendedUntil', { date: formatDate(suspensionOf.get(e._id)!.to, i18n.language) })} /> : null}
                      {noteOf.get(e._id) ? (
                        <Tooltip title={noteText(t, noteOf.get(e._id)!, i18n.language)} enterTouchDelay={0}>
                          <Chip size="small" variant="outlined" label={t('correct.corrected')} tabIndex={0} aria-description={noteText(t, noteOf.get(e._id)!, i18n.language)} data-testid="register-corrected" />
                        </Tooltip>
                      ) : null}
                    </Stack>
                  ) : null}
                  {c ? (
                    <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                      <Typography variant="body2" data-testid="register-checkin">
                        {t('attendance.checkIn')}: {formatTime(c.checkInTime, i18n.language, timeZone)}
                        {c.checkOutTime ? ` · ${t('attendance.checkOut')}: ${formatTime(c.checkOutTime, i18n.language, timeZone)}` : ''}
                        {place(c) ? ` · ${place(c)}` : ''}
                      </Typography>
                      {c.checkInSyncedLate ? <Chip size="small" label={t('attendance.syncedLate')} /> : null}
                    </Stack>
                  ) : null}
                </Box>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={current}
                  disabled={pending === e._id}
                  onChange={(_, label: TAttendanceLabel | null) => onMark(e._id, label)}
                  aria-label={e.name}
                  sx={{ flexWrap: 'wrap' }}
                >
                  {ATTENDANCE_LABELS.map((label) => (
                    <ToggleButton
                      key={label}
                      value={label}
                      aria-label={t('attendance.markFor', { name: e.name, label: t(`labels.${label}`) })}
                      data-testid={`mark-${e.employeeNumber}-${label}`}
                      sx={{ px: 1.25, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: LABEL_COLORS[label], color: '#fff' } }}
                    >
                      {t(`labels.${label}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Stack>
            );
          })}
        </Stack>
      </Card>
      {editing ? <CorrectDialog key={`${editing.employeeId}|${editing.date}`} target={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
};
