import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarsIcon from '@mui/icons-material/Stars';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useAppraisalResults } from '../api.ts';
import { appraisalError } from '../messages.ts';

/** An employee's appraisals: on the employee page (HR) and in the portal (their own, once countersigned; pass the portal token). */
export const AppraisalResults = ({ employeeId, token }: { employeeId: string; token?: string }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const results = useAppraisalResults(employeeId, token);
  return (
    <PanelCard title={t('results.title')} subtitle={t('results.subtitle')}>
      <Stack spacing={2.5} sx={{ px: 3, pb: 3 }} divider={<Divider />} data-testid="appraisal-results">
        {results.isLoading ? <Skeleton variant="rounded" height={80} /> : null}
        {results.error ? <Alert severity="warning">{appraisalError(t, results.error)}</Alert> : null}
        {results.data?.length === 0 ? <EmptyState compact Icon={StarsIcon} title={t('results.empty')} body={token ? t('results.portalEmptyBody') : t('results.emptyBody')} /> : null}
        {results.data?.map((r) => (
          <Box key={r._id} data-testid="appraisal-result">
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t('results.period', { period: r.period, department: r.department })}
              </Typography>
              {r.totalScore !== null ? <Chip color="primary" label={t('results.total', { total: r.totalScore, max: r.scale.max })} /> : null}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {r.reviewerName ? t('results.by', { name: r.reviewerName }) : t('results.anonymous')}
              {r.countersignedAt && r.superiorName ? ` · ${t('results.countersignedBy', { name: r.superiorName })}` : ''}
            </Typography>
            <Stack spacing={1}>
              {r.scores.map((s) => (
                <Box key={s.criterionId}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography variant="body2">{s.name}</Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {s.score} / {r.scale.max}
                    </Typography>
                  </Stack>
                  <LinearProgress variant="determinate" value={((s.score - r.scale.min) / (r.scale.max - r.scale.min)) * 100} aria-label={s.name} />
                  {s.comment ? (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {s.comment}
                    </Typography>
                  ) : null}
                </Box>
              ))}
            </Stack>
            {r.comments ? <Typography sx={{ mt: 1 }}>{r.comments}</Typography> : null}
            {r.countersignComment ? (
              <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
                {r.countersignComment}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Stack>
    </PanelCard>
  );
};
