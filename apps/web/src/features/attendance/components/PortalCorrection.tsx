import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CORRECTION_LABELS, type TCorrectionRequest } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { ownAttendanceKey, ownCorrectionsKey, portalRequestCorrection, useOwnAttendance, useOwnCorrections } from '../portalApi.ts';

const STATUS_COLOR: Record<TCorrectionRequest['status'], 'default' | 'success' | 'error' | 'warning'> = { pending: 'warning', approved: 'success', rejected: 'error', cancelled: 'default' };

/** The portal's "forgot to check in" (issue 33): ask HR to mark a past day, and see each request's decision. One column on a phone. */
export const PortalCorrection = ({ employeeId, token }: { employeeId: string; token: string }) => {
  const { t, i18n } = useTranslation('time');
  const queryClient = useQueryClient();
  const mine = useOwnCorrections(employeeId, token);
  const today = useOwnAttendance(employeeId, token).data?.today ?? new Date().toISOString().slice(0, 10);
  const [form, setForm] = useState({ date: '', label: 'present' as (typeof CORRECTION_LABELS)[number], checkInTime: '', reason: '' });
  const [errors, setErrors] = useState<{ date?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const yesterday = (() => { const d = new Date(`${today}T00:00:00Z`); d.setUTCDate(d.getUTCDate() - 1); return d.toISOString().slice(0, 10); })();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = { ...(form.date ? {} : { date: t('portalCorrection.dateRequired') }), ...(form.reason.trim() ? {} : { reason: t('portalCorrection.reasonRequired') }) };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(null);
    try {
      await portalRequestCorrection(token, { employeeId, date: form.date, label: form.label, reason: form.reason.trim(), ...(form.checkInTime ? { checkInTime: form.checkInTime } : {}) });
      flash(t('portalCorrection.sent'), 'success');
      setForm({ date: '', label: 'present', checkInTime: '', reason: '' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ownCorrectionsKey(employeeId) }), queryClient.invalidateQueries({ queryKey: ownAttendanceKey(employeeId) })]);
    } catch (err) {
      setError(displayError(t, err, { date: t('portalCorrection.date'), reason: t('portalCorrection.reason'), checkInTime: t('portalCorrection.time'), label: t('portalCorrection.label') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelCard title={t('portalCorrection.title')} subtitle={t('portalCorrection.intro')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ px: 3, pb: 2 }}>
        <Stack spacing={2}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="date" label={t('portalCorrection.date')} value={form.date} required fullWidth
              onChange={(e) => { setForm({ ...form, date: e.target.value }); setErrors({ ...errors, date: undefined }); }}
              error={Boolean(errors.date)} helperText={errors.date}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: yesterday } }} />
            <TextField select label={t('portalCorrection.label')} value={form.label} fullWidth onChange={(e) => setForm({ ...form, label: e.target.value as typeof form.label })}>
              {CORRECTION_LABELS.map((l) => <MenuItem key={l} value={l}>{t(`labels.${l}`)}</MenuItem>)}
            </TextField>
            <TextField type="time" label={t('portalCorrection.time')} value={form.checkInTime} fullWidth onChange={(e) => setForm({ ...form, checkInTime: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <TextField label={t('portalCorrection.reason')} value={form.reason} required multiline minRows={2}
            onChange={(e) => { setForm({ ...form, reason: e.target.value }); setErrors({ ...errors, reason: undefined }); }}
            error={Boolean(errors.reason)} helperText={errors.reason} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <Box><Button type="submit" variant="contained" disabled={busy} sx={{ width: { xs: '100%', sm: 'auto' } }}>{t('portalCorrection.send')}</Button></Box>
        </Stack>
      </Box>
      <Box sx={{ px: 3, pb: 3 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>{t('portalCorrection.mine')}</Typography>
        {mine.isLoading ? <Skeleton variant="rounded" height={48} /> : mine.error ? <Alert severity="error">{displayError(t, mine.error)}</Alert> : (mine.data ?? []).length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('portalCorrection.none')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {mine.data!.map((c) => (
              <Stack component="li" key={c._id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider', pt: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{formatDate(c.date, i18n.language)} · {t(`labels.${c.label}`)}{c.checkInTime ? ` · ${c.checkInTime}` : ''}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{c.reason}</Typography>
                  {c.decisionReason ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{c.decisionReason}</Typography> : null}
                </Box>
                <Chip size="small" color={STATUS_COLOR[c.status]} label={`${t(`portalCorrection.statuses.${c.status}`)}${c.decidedBy ? ` ${t('portalCorrection.decidedBy', { by: c.decidedBy })}` : ''}`} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
              </Stack>
            ))}
          </Stack>
        )}
      </Box>
    </PanelCard>
  );
};
