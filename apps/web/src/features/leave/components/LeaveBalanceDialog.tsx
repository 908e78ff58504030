import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TLeaveAdjustmentInput } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { useAdjustLeave, useLeaveHistory } from '../api.ts';

type TForm = { leaveTypeId: string; kind: 'opening' | 'adjustment'; days: string; reason: string };

/**
 * One employee's leave of a year (issue 33): per type opening, carried forward, expired, accrued, adjustments, taken,
 * pending and available, with the adjustments and leave that moved them; HR adds an opening balance or an adjustment
 * (a reason is required, and HR confirms before it is saved).
 */
export const LeaveBalanceDialog = ({ employee, year, onClose }: { employee: { id: string; name: string }; year: number; onClose: () => void }) => {
  const { t, i18n } = useTranslation('time');
  const [shownYear, setShownYear] = useState(year);
  const history = useLeaveHistory(employee.id, shownYear);
  const adjust = useAdjustLeave();
  const [form, setForm] = useState<TForm | null>(null);
  const [confirming, setConfirming] = useState<TLeaveAdjustmentInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fmt = (d: string) => formatDate(d, i18n.language);
  const num = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(i18n.language).format(n));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const days = Number(form!.days.replace(',', '.'));
    if (!form!.reason.trim()) return setError(t('leave.adjust.reasonRequired'));
    if (!Number.isFinite(days) || !Number.isInteger(days * 2)) return setError(t('leave.adjust.daysInvalid'));
    setError(null);
    setConfirming({ employeeId: employee.id, leaveTypeId: form!.leaveTypeId, year: shownYear, kind: form!.kind, days, reason: form!.reason.trim() });
  };
  const typeName = (id: string) => leaveTypeName(t, history.data?.balances.find((b) => b.leaveTypeId === id)?.type ?? '');

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="leave-balance-title">
      <DialogTitle id="leave-balance-title">{t('leave.history.title', { name: employee.name, year: shownYear })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setShownYear(shownYear - 1)}>{String(shownYear - 1)}</Button>
          <Button size="small" onClick={() => setShownYear(shownYear + 1)}>{String(shownYear + 1)}</Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" size="small" disabled={!history.data}
            onClick={() => { setError(null); setForm({ leaveTypeId: history.data?.balances[0]?.leaveTypeId ?? '', kind: 'adjustment', days: '', reason: '' }); }}>
            {t('leave.adjust.add')}
          </Button>
        </Box>
        {history.error ? <Alert severity="error">{displayError(t, history.error)}</Alert> : null}
        {history.isLoading ? <CircularProgress aria-label={t('leave.history.loading')} /> : null}
        {history.data ? (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('leave.history.balances')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('leave.type')}</TableCell>
                    {(['opening', 'carried', 'expired', 'accrued', 'adjustments', 'taken', 'pending', 'available'] as const).map((c) => <TableCell key={c} align="right">{t(`leave.history.${c}`)}</TableCell>)}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {history.data.balances.map((b) => (
                    <TableRow key={b.leaveTypeId}>
                      <TableCell component="th" scope="row">{leaveTypeName(t, b.type)}</TableCell>
                      <TableCell align="right">{num(b.opening)}</TableCell>
                      <TableCell align="right">{num(b.carriedForward)}</TableCell>
                      <TableCell align="right">{num(b.expired)}</TableCell>
                      <TableCell align="right">{num(b.accrued)}</TableCell>
                      <TableCell align="right">{num(b.adjustments)}</TableCell>
                      <TableCell align="right">{num(b.taken)}</TableCell>
                      <TableCell align="right">{num(b.pending)}</TableCell>
                      <TableCell align="right"><strong>{num(b.available)}</strong></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 3 }}>{t('leave.history.moves')}</Typography>
            {history.data.adjustments.length === 0 && history.data.requests.length === 0 ? <Typography color="text.secondary">{t('leave.history.empty')}</Typography> : null}
            <Box component="ul" sx={{ pl: 2.5 }}>
              {history.data.adjustments.map((a) => (
                <li key={a._id}>
                  {t(a.kind === 'opening' ? 'leave.history.openingLine' : 'leave.history.adjustmentLine', { type: leaveTypeName(t, a.type), days: num(a.days), reason: a.reason, by: a.createdBy, date: fmt(a.createdAt.slice(0, 10)) })}
                </li>
              ))}
              {history.data.requests.map((r) => (
                <li key={r._id}>
                  {t('leave.history.requestLine', { type: leaveTypeName(t, r.type), from: fmt(r.startDate), to: fmt(r.endDate), count: r.daysByYear[String(shownYear)] ?? r.days, days: num(r.daysByYear[String(shownYear)] ?? r.days), status: t(`leave.statuses.${r.status}`) })}
                </li>
              ))}
            </Box>
          </>
        ) : null}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('leave.history.close')}</Button></DialogActions>
      {form ? (
        <FormDialog open title={t('leave.adjust.title', { name: employee.name, year: shownYear })} submitLabel={t('common.save')} busy={adjust.isPending} error={error} onSubmit={onSubmit} onClose={() => setForm(null)}>
          <TextField select label={t('leave.type')} value={form.leaveTypeId} onChange={(e) => setForm({ ...form, leaveTypeId: e.target.value })} required>
            {(history.data?.balances ?? []).map((b) => <MenuItem key={b.leaveTypeId} value={b.leaveTypeId}>{leaveTypeName(t, b.type)}</MenuItem>)}
          </TextField>
          <TextField select label={t('leave.adjust.kind')} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as TForm['kind'] })} required>
            <MenuItem value="adjustment">{t('leave.adjust.kinds.adjustment')}</MenuItem>
            <MenuItem value="opening">{t('leave.adjust.kinds.opening')}</MenuItem>
          </TextField>
          <TextField label={t('leave.adjust.days')} helperText={t(form.kind === 'opening' ? 'leave.adjust.openingHelp' : 'leave.adjust.daysHelp')} value={form.days} inputMode="decimal" onChange={(e) => setForm({ ...form, days: e.target.value })} required />
          <TextField label={t('leave.adjust.reason')} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} required multiline minRows={2} />
        </FormDialog>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t('leave.adjust.confirmTitle')}
        body={confirming ? t(confirming.kind === 'opening' ? 'leave.adjust.confirmOpening' : 'leave.adjust.confirmAdjustment', { name: employee.name, type: typeName(confirming.leaveTypeId), days: num(confirming.days), year: confirming.year }) : ''}
        confirmLabel={t('common.save')}
        busy={adjust.isPending}
        onConfirm={() => adjust.mutate(confirming!, {
          onSuccess: () => { setConfirming(null); setForm(null); flash(t('leave.adjust.saved')); },
          onError: (e) => { setConfirming(null); setError(displayError(t, e)); },
        })}
        onClose={() => setConfirming(null)}
      />
    </Dialog>
  );
};
