import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GradingIcon from '@mui/icons-material/Grading';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useAppraisalForm } from '../api.ts';
import { ScoreForm } from '../components/ScoreForm.tsx';
import { CountersignForm } from '../components/CountersignForm.tsx';
import { appraisalError } from '../messages.ts';

/** /appraisal/{token} (spec 01 §2): the e-mailed form, outside the layout; the link is the only key. */
export const AppraisalFormPage = () => {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation(['appraisal', 'core']);
  useDocumentTitle(t('form.title'));
  const form = useAppraisalForm(token);
  const [done, setDone] = useState<'scored' | 'countersigned' | null>(null);
  const f = form.data;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        {form.isLoading ? (
          <Stack spacing={2} aria-label={t('form.loading')}>
            <Skeleton variant="text" width="60%" height={40} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        ) : null}
        {form.error ? <EmptyState Icon={GradingIcon} headingLevel="h1" title={t('form.unavailable')} action={<Alert severity="warning" data-testid="link-unavailable">{appraisalError(t, form.error)}</Alert>} /> : null}
        {done ? (
          <EmptyState
            Icon={TaskAltIcon}
            headingLevel="h1"
            title={done === 'scored' ? t('form.thanks') : t('form.countersigned')}
            body={<span data-testid="appraisal-done">{done === 'scored' ? t('form.thanksBody') : t('form.countersignedBody')}</span>}
          />
        ) : null}
        {f && !done ? (
          <Stack spacing={3}>
            <Stack spacing={0.5}>
              <Typography variant="h4" component="h1">
                {f.purpose === 'countersign' ? t('form.countersignTitle', { name: f.employeeName }) : f.kind === 'upward' ? t('form.upwardFor', { name: f.employeeName }) : t('form.for', { name: f.employeeName })}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>
                {t('form.meta', { business: f.businessName, department: f.department, period: f.period, date: formatDate(f.dueDate, i18n.language) })}
              </Typography>
              {f.designation ? <Typography sx={{ color: 'text.secondary' }}>{f.designation}</Typography> : null}
              {f.kind === 'upward' ? <Alert severity="info">{t('form.upwardNote')}</Alert> : f.purpose === 'score' ? <Typography variant="body2">{t('form.reviewer', { name: f.reviewerName })}</Typography> : null}
            </Stack>
            {f.purpose === 'score' ? <ScoreForm form={f} token={token} onDone={() => setDone('scored')} /> : <CountersignForm form={f} token={token} onDone={() => setDone('countersigned')} />}
          </Stack>
        ) : null}
      </Paper>
    </Container>
  );
};
