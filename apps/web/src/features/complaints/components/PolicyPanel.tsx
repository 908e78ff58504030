import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TComplaintPolicy } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { usePolicies, useSavePolicies } from '../api.ts';

/** HR's policy per category: days to resolve (sets each new complaint's due date) and days before it to remind the assignee. */
export const PolicyPanel = () => {
  const { t } = useTranslation('time');
  const policies = usePolicies();
  const save = useSavePolicies();
  const [rows, setRows] = useState<Array<TComplaintPolicy & { dueText: string; remindText: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (policies.data) setRows(policies.data.policies.map((p) => ({ ...p, dueText: String(p.dueDays), remindText: String(p.remindDaysBefore) })));
  }, [policies.data]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    for (const r of rows) {
      if (!/^\d+$/.test(r.dueText) || Number(r.dueText) < 1) return setError(`${t(`complaints.categories.${r.category}`)} – ${t('complaints.dueDays')}: ${t('complaints.wholeDays')}`);
      if (!/^\d+$/.test(r.remindText)) return setError(`${t(`complaints.categories.${r.category}`)} – ${t('complaints.remindDays')}: ${t('complaints.wholeDays')}`);
    }
    setError(null);
    save.mutate(rows.map((r) => ({ category: r.category, dueDays: Number(r.dueText), remindDaysBefore: Number(r.remindText) })), {
      onSuccess: () => flash(t('complaints.policySaved'), 'success'), onError: (e) => setError(displayError(t, e)),
    });
  };
  if (policies.error) return <Alert severity="error">{displayError(t, policies.error)}</Alert>;
  if (!policies.data) return <Skeleton variant="rounded" height={240} />;
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6">{t('complaints.policyTitle')}</Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('complaints.policyBody')}</Typography>
        <form noValidate onSubmit={submit}>
          <Stack spacing={1.5}>
            {rows.map((r, i) => (
              <Stack key={r.category} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                <Typography sx={{ minWidth: 140, fontWeight: 500 }}>{t(`complaints.categories.${r.category}`)}</Typography>
                <TextField size="small" label={t('complaints.dueDays')} value={r.dueText} inputMode="numeric"
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, dueText: e.target.value } : x)))} />
                <TextField size="small" label={t('complaints.remindDays')} value={r.remindText} inputMode="numeric"
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, remindText: e.target.value } : x)))} />
              </Stack>
            ))}
            {error ? <Alert severity="error">{error}</Alert> : null}
            <div><Button type="submit" variant="contained" disabled={save.isPending}>{t('complaints.savePolicy')}</Button></div>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
};
