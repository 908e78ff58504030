import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { ZSendAppraisal, type TAppraisalConfig } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { fieldErrorText } from '../../../shared/i18n/index.ts';
import { useSendAppraisal } from '../api.ts';
import { appraisalError } from '../messages.ts';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Opens a cycle: period and due date, then POST /employee/send-appraisal. */
export const LaunchCycleCard = ({ config, ownerEmail, onAssign }: { config: TAppraisalConfig; ownerEmail: string; onAssign?: () => void }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [period, setPeriod] = useState('');
  const [dueDate, setDueDate] = useState(inDays(14));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const send = useSendAppraisal(config.departmentId);
  const ready = config.criteria.length > 0;

  const onSend = async () => {
    setFormError(null);
    setSkipped([]);
    setSentTo(null);
    const input = { ownerEmail, department: config.departmentId, period, dueDate };
    const parsed = ZSendAppraisal.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const res = await send.mutateAsync(parsed.data);
      setSkipped(res.data.skipped.map((s) => s.name));
      setSentTo(res.data.cycle.counts.sent);
      setPeriod('');
    } catch (error) {
      setFormError(appraisalError(t, error));
    }
  };

  return (
    <PanelCard title={t('launch.title')} subtitle={t('launch.subtitle')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        {!ready ? <Alert severity="info">{t('launch.needCriteria')}</Alert> : null}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('launch.fallback')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label={t('launch.period')}
            placeholder={t('launch.periodHint')}
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            error={Boolean(errors.period)}
            helperText={fieldErrorText(t, errors.period)}
            disabled={!ready}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'cycle-period' } }}
          />
          <TextField
            label={t('launch.dueDate')}
            type="date"
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            error={Boolean(errors.dueDate)}
            helperText={fieldErrorText(t, errors.dueDate)}
            disabled={!ready}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cycle-due' } }}
          />
        </Stack>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {sentTo !== null ? <Alert severity="success" data-testid="launch-sent">{t('launch.sentTo', { count: sentTo })}</Alert> : null}
        {skipped.length ? <Alert severity="warning" data-testid="launch-skipped">{t('launch.skipped', { count: skipped.length, names: skipped.join(', ') })}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" startIcon={<SendIcon />} onClick={onSend} disabled={!ready} loading={send.isPending} data-testid="send-appraisals">
            {t('launch.send')}
          </Button>
          {onAssign ? (
            <Button variant="outlined" onClick={onAssign} data-testid="assign-appraisers">
              {t('assign.open')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </PanelCard>
  );
};
