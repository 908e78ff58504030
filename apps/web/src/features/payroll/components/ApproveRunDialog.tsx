import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TApproveRunInput, TRunApproval } from '@bizdesk/contract';

type TProps = {
  open: boolean;
  month: string;
  approval: TRunApproval;
  busy: boolean;
  error?: string | null;
  onApprove: (input: TApproveRunInput) => void;
  onClose: () => void;
};

/**
 * Issue 32: approving a run, only ever opened when the caller may approve (the button says why not otherwise). The owner
 * approving a run they prepared gives a reason (recorded on the run); employees without a payable account are listed,
 * and Approve stays disabled until each is left out of the run ("leave out of this run"), so Approve never fails on them.
 */
export const ApproveRunDialog = ({ open, month, approval, busy, error, onApprove, onClose }: TProps) => {
  const { t } = useTranslation('pay');
  const [reason, setReason] = useState('');
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const unpayable = approval.unpayable;
  const hidden = approval.unpayableCount - unpayable.length;
  const allLeftOut = hidden === 0 && unpayable.every((u) => excluded.has(u.employeeId));
  const reasonMissing = approval.needsReason && !reason.trim();
  const toggle = (id: string) => setExcluded((prev) => {
    const next = new Set(prev);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (reasonMissing || !allLeftOut) return;
    onApprove({ ...(approval.needsReason ? { reason: reason.trim() } : {}), ...(excluded.size ? { exclude: [...excluded] } : {}) });
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="approve-run-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="approve-run-title">{t('approval.title', { month })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('approval.body')}</DialogContentText>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {approval.needsReason ? (
              <>
                <Alert severity="info">{t('approval.selfNote')}</Alert>
                <TextField
                  label={t('approval.reason')} required multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)}
                  error={touched && reasonMissing} helperText={touched && reasonMissing ? t('approval.reasonRequired') : t('approval.reasonHelp')}
                  slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'approve-reason' } }}
                />
              </>
            ) : null}
            {approval.unpayableCount > 0 ? (
              <Stack spacing={1} data-testid="approve-unpayable">
                <Alert severity={touched && !allLeftOut ? 'error' : 'warning'}>
                  <Typography variant="subtitle2" component="p">{t('approval.unpayableTitle', { count: approval.unpayableCount })}</Typography>
                  <Typography variant="body2">{t('approval.unpayableHelp')}</Typography>
                </Alert>
                {unpayable.map((u) => (
                  <Stack key={u.employeeId} direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 0.5 }}>
                    <Typography variant="body2">
                      <strong>{u.name}</strong> ({u.employeeNumber}) — {t(`approval.problems.${u.problem}`)}
                    </Typography>
                    <FormControlLabel
                      control={<Checkbox checked={excluded.has(u.employeeId)} onChange={() => toggle(u.employeeId)} slotProps={{ input: { 'aria-label': t('approval.leaveOutOf', { name: u.name }) } }} />}
                      label={t('approval.leaveOut')}
                    />
                  </Stack>
                ))}
                {hidden > 0 ? <Typography variant="body2" color="text.secondary">{t('approval.more', { count: hidden })}</Typography> : null}
              </Stack>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!allLeftOut} data-testid="approve-confirm">{t('salary.approve')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
