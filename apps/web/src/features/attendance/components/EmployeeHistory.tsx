import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TRosterEmployee } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useEmployeeAttendance, useSick, useSuspend } from '../api.ts';
import { LABEL_COLORS, formatTime } from './labels.ts';

/** One employee's check-ins (times, places, sync flags) and recent marks, with sick and suspension actions. */
export const EmployeeHistory = ({ employees, timeZone, initialEmployeeId }: { employees: TRosterEmployee[]; timeZone: string; initialEmployeeId?: string | null }) => {
  const { t, i18n } = useTranslation('time');
  const [employeeId, setEmployeeId] = useState<string>(initialEmployeeId ?? '');
  const history = useEmployeeAttendance(employeeId || null);
  const sick = useSick();
  const suspend = useSuspend();
  const [suspending, setSuspending] = useState(false);
  const [form, setForm] = useState({ reason: '', from: '', to: '', isPaid: false });
  const [error, setError] = useState<string | null>(null);
  const employee = employees.find((e) => e._id === employeeId);

  const onSuspend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    suspend.mutate({ employeeId, suspensionDetails: form }, { onSuccess: () => setSuspending(false), onError: (e) => setError(displayError(t, e)) });
  };

  return (
    <Stack spacing={2}>
      <TextField select label={t('common.employee')} value={employeeId} onChange={(e) => setEmployeeId(e.target.value)} sx={{ maxWidth: 420 }} data-testid="history-employee">
        {employees.map((e) => <MenuItem key={e._id} value={e._id}>{e.name} ({e.employeeNumber})</MenuItem>)}
      </TextField>
      {!employeeId ? <Typography sx={{ color: 'text.secondary' }}>{t('attendance.pickEmployee')}</Typography> : history.isLoading ? <Skeleton variant="rounded" height={200} /> : history.error ? (
        <Alert severity="error">{displayError(t, history.error)}</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {history.data!.suspension ? <Chip color="warning" label={t('attendance.suspendedUntil', { date: history.data!.suspension.to })} /> : null}
            <Button variant="outlined" onClick={() => sick.mutate(employeeId, { onError: (e) => flash(displayError(t, e), 'error') })} disabled={sick.isPending}>{t('attendance.sick')}</Button>
            <Button variant="outlined" color="warning" onClick={() => { setForm({ reason: '', from: history.data!.today, to: history.data!.today, isPaid: false }); setSuspending(true); }}>{t('attendance.suspend')}</Button>
          </Stack>
          <Card sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('attendance.tabs.history')}>
            {history.data!.checkins.length === 0 ? <Typography sx={{ p: 2 }}>{t('attendance.noCheckins')}</Typography> : (
              <Table size="small" aria-label={t('attendance.tabs.history')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('common.date')}</TableCell>
                    <TableCell>{t('attendance.checkIn')}</TableCell>
                    <TableCell>{t('attendance.checkOut')}</TableCell>
                    <TableCell>{t('attendance.place')}</TableCell>
                    <TableCell>{t('common.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {history.data!.checkins.map((c) => {
                    const label = history.data!.marks.find((m) => m.date === c.date)?.label;
                    return (
                      <TableRow key={c._id}>
                        <TableCell>{formatDate(c.date, i18n.language)}</TableCell>
                        <TableCell>{formatTime(c.checkInTime, i18n.language, timeZone)}{c.checkInSyncedLate ? <Chip size="small" sx={{ ml: 1 }} label={t('attendance.syncedLate')} /> : null}</TableCell>
                        <TableCell>{formatTime(c.checkOutTime, i18n.language, timeZone)}</TableCell>
                        <TableCell>
                          {c.checkInSite ? `${c.checkInSite.name} (${c.checkInSite.distanceMeters} m)` : c.checkInLocation ? `${c.checkInLocation.latitude.toFixed(5)}, ${c.checkInLocation.longitude.toFixed(5)}` : '—'}
                          {c.checkInLocation?.accuracy != null ? ` ±${Math.round(c.checkInLocation.accuracy)} m` : ''}
                        </TableCell>
                        <TableCell>{label ? <Chip size="small" label={t(`labels.${label}`)} sx={{ bgcolor: LABEL_COLORS[label], color: '#fff' }} /> : '—'}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </Card>
        </>
      )}
      <FormDialog open={suspending} title={t('attendance.suspendTitle', { name: employee?.name ?? '' })} description={t('attendance.suspendDescription')} submitLabel={t('attendance.suspend')} busy={suspend.isPending} error={error} onSubmit={onSuspend} onClose={() => setSuspending(false)}>
        <TextField label={t('common.reason')} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} required multiline minRows={2} />
        <TextField type="date" label={t('attendance.from')} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} required slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label={t('attendance.to')} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} required slotProps={{ inputLabel: { shrink: true } }} />
        <FormControlLabel control={<Checkbox checked={form.isPaid} onChange={(e) => setForm({ ...form, isPaid: e.target.checked })} />} label={t('attendance.suspensionPaid')} />
      </FormDialog>
    </Stack>
  );
};
