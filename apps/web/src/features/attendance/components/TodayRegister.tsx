import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
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

/** Today's register: one row per employee with one-click marks, their check-in, and "mark all present". */
export const TodayRegister = ({ email, timeZone }: { email: string; timeZone: string }) => {
  const { t, i18n } = useTranslation('time');
  const register = useRegister(email, 0);
  const mark = useMark();
  const markAll = useMarkAll(email);
  const [pending, setPending] = useState<string | null>(null);
  const today = register.data?.to ?? '';
  const labelOf = useMemo(() => new Map((register.data?.marks ?? []).filter((m) => m.date === today).map((m) => [m.employeeId, m.label])), [register.data, today]);
  const checkinOf = useMemo(() => new Map((register.data?.checkins ?? []).filter((c) => c.date === today).map((c) => [c.employeeId, c])), [register.data, today]);

  if (register.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (register.error) {
    return <Alert severity="error" action={<Button onClick={() => register.refetch()}>{t('common.retry')}</Button>}>{displayError(t, register.error)}</Alert>;
  }
  const employees = register.data?.employees ?? [];
  if (employees.length === 0) return <EmptyState Icon={GroupsIcon} title={t('attendance.emptyTitle')} body={t('attendance.emptyBody')} />;

  const onMark = (employeeId: string, label: TAttendanceLabel | null) => {
    if (!label) return;
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
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{formatLongDate(today, i18n.language)}</Typography>
        <Button variant="contained" startIcon={<DoneAllIcon />} onClick={onMarkAll} disabled={markAll.isPending} data-testid="mark-all-present">
          {t('attendance.markAllPresent')}
        </Button>
      </Stack>
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
    </Stack>
  );
};
