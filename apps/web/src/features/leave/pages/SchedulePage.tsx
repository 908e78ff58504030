import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { TAttendanceLabel } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useUserData } from '../../users/api.ts';
import { useAttendanceSettings } from '../../attendance/api.ts';
import { LABEL_COLORS, formatMonth, monthOf, shiftMonth } from '../../attendance/components/labels.ts';
import { useSchedule } from '../api.ts';
import { holidayName, leaveTypeName } from '../../../shared/i18n/words.ts';

type TEntry = { who: string; department: string; text: string; label: TAttendanceLabel };

/** /schedule: a month calendar of approved leave and absences, grouped by department. */
export const SchedulePage = () => {
  const { t, i18n } = useTranslation('time');
  const user = useCurrentUser();
  const account = useUserData(user._id);
  const settings = useAttendanceSettings();
  const [month, setMonth] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState('');
  const current = month ?? monthOf(settings.data?.today ?? new Date().toISOString().slice(0, 10));
  const schedule = useSchedule(current, departmentId || undefined);

  /** Per day of the month, what is on: leave (each working day in range), absences, a holiday. */
  const byDay = useMemo(() => {
    const map = new Map<string, TEntry[]>();
    const add = (day: string, e: TEntry) => map.set(day, [...(map.get(day) ?? []), e]);
    for (const l of schedule.data?.leave ?? []) {
      for (const d = new Date(`${l.startDate}T00:00:00Z`); d <= new Date(`${l.endDate}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
        const day = d.toISOString().slice(0, 10);
        if (day.startsWith(current) && d.getUTCDay() % 6 !== 0) add(day, { who: l.employeeName, department: l.department ?? '—', text: leaveTypeName(t, l.type), label: 'leave' });
      }
    }
    for (const a of schedule.data?.absences ?? []) add(a.date, { who: a.employeeName, department: a.department ?? '—', text: t(`labels.${a.label as TAttendanceLabel}`), label: a.label as TAttendanceLabel });
    return map;
  }, [schedule.data, current, t]);
  const holidays = new Map((schedule.data?.holidays ?? []).map((h) => [h.date, holidayName(t, h.name)]));

  const [y, m] = current.split('-').map(Number);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // Monday first
  const cells = [...Array.from({ length: lead }, () => null), ...Array.from({ length: daysInMonth }, (_, i) => `${current}-${String(i + 1).padStart(2, '0')}`)];
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))));
  const isEmpty = schedule.data && schedule.data.leave.length === 0 && schedule.data.absences.length === 0;

  return (
    <Box>
      <PageHeader title={t('schedule.title')} description={t('schedule.description')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('common.previous')} onClick={() => setMonth(shiftMonth(current, -1))}><ChevronLeftIcon /></IconButton>
          <Typography variant="h6" component="h2" sx={{ minWidth: 170, textAlign: 'center' }} data-testid="schedule-month">{formatMonth(current, i18n.language)}</Typography>
          <IconButton aria-label={t('common.next')} onClick={() => setMonth(shiftMonth(current, 1))}><ChevronRightIcon /></IconButton>
        </Stack>
        <TextField select size="small" label={t('common.department')} value={departmentId} onChange={(e) => setDepartmentId(e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">{t('common.allDepartments')}</MenuItem>
          {(account.data?.departments ?? []).map((d) => <MenuItem key={d._id} value={d._id}>{d.name}</MenuItem>)}
        </TextField>
      </Stack>
      {schedule.isLoading ? <Skeleton variant="rounded" height={400} /> : schedule.error ? <Alert severity="error">{displayError(t, schedule.error)}</Alert> : (
        <>
          {isEmpty ? <EmptyState compact Icon={CalendarMonthIcon} title={t('schedule.empty')} body={t('schedule.emptyBody')} /> : null}
          <Card sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={formatMonth(current, i18n.language)}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(110px, 1fr))', minWidth: 770 }} data-testid="schedule-calendar">
              {weekdays.map((w) => <Box key={w} sx={{ p: 1, fontWeight: 700, bgcolor: 'grey.50', borderBottom: 1, borderColor: 'divider' }}>{w}</Box>)}
              {cells.map((day, i) => (
                <Box key={day ?? `lead-${i}`} sx={{ minHeight: 96, p: 0.75, borderRight: 1, borderBottom: 1, borderColor: 'divider', bgcolor: day && holidays.has(day) ? 'grey.100' : undefined }} data-testid={day ? `schedule-day-${day}` : undefined}>
                  {day ? (
                    <>
                      <Typography variant="caption" sx={{ fontWeight: 700 }}>{Number(day.slice(8))}</Typography>
                      {holidays.has(day) ? <Typography variant="caption" sx={{ display: 'block', fontStyle: 'italic' }}>{holidays.get(day)}</Typography> : null}
                      {(byDay.get(day) ?? []).map((e, k) => (
                        <Box key={k} title={`${e.who} · ${e.department} · ${e.text}`} sx={{ mt: 0.5, px: 0.5, borderRadius: 0.5, bgcolor: LABEL_COLORS[e.label], color: '#fff', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {e.who} · {e.text}
                        </Box>
                      ))}
                    </>
                  ) : null}
                </Box>
              ))}
            </Box>
          </Card>
        </>
      )}
    </Box>
  );
};
