import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { TCheckin } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { dateFormat, displayLocale, formatLongDate } from '../../../shared/format/dates.ts';
import { usePendingReviews, useReviewCheckin } from '../api.ts';

type TDecision = 'accepted' | 'rejected';

/**
 * Check-ins that reached the server too late to mark their day by themselves (docs/decisions.md "Late check-ins"):
 * HR accepts one (the day is marked from it) or rejects it (the day stays as it is), after confirming.
 */
export const LateCheckins = ({ timeZone }: { timeZone: string }) => {
  const { t, i18n } = useTranslation('time');
  const pending = usePendingReviews();
  const review = useReviewCheckin();
  const [asking, setAsking] = useState<{ checkin: TCheckin; decision: TDecision } | null>(null);
  const [error, setError] = useState<{ id: string; text: string } | null>(null);
  const locale = displayLocale(i18n.language);
  const at = (iso: string) => dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const day = (date: string) => formatLongDate(date, i18n.language);

  if (pending.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (pending.error) {
    return <Alert severity="error" action={<Button onClick={() => pending.refetch()}>{t('common.retry')}</Button>}>{displayError(t, pending.error)}</Alert>;
  }
  const rows = pending.data ?? [];
  if (rows.length === 0) return <EmptyState Icon={TaskAltIcon} title={t('review.emptyTitle')} body={t('review.emptyBody')} />;

  const decide = () => {
    if (!asking) return;
    const { checkin, decision } = asking;
    setError(null);
    review.mutate({ id: checkin._id, decision }, {
      onError: (e) => setError({ id: checkin._id, text: displayError(t, e) }),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('review.intro')}</Typography>
      <Card>
        <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
          {rows.map((c) => (
            <Stack key={c._id} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
              component="article" aria-label={c.employeeName} data-testid={`late-checkin-${c._id}`}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{c.employeeName}</Typography>
                <Typography variant="body2">{`${t('review.day')}: ${day(c.date)}`}</Typography>
                <Typography variant="body2">{`${t('review.madeAt')}: ${at(c.checkInTime)}`}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>{`${t('review.arrivedAt')}: ${at(c.checkInReceivedAt)}`}</Typography>
                {c.checkInSite ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('attendance.place')}: {c.checkInSite.name}</Typography> : null}
                {error?.id === c._id ? <Alert severity="error" sx={{ mt: 1 }}>{error.text}</Alert> : null}
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                <Button variant="contained" color="success" onClick={() => setAsking({ checkin: c, decision: 'accepted' })} disabled={review.isPending}
                  aria-label={t('review.acceptFor', { name: c.employeeName })}>
                  {t('review.accept')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setAsking({ checkin: c, decision: 'rejected' })} disabled={review.isPending}
                  aria-label={t('review.rejectFor', { name: c.employeeName })}>
                  {t('review.reject')}
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </Card>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.decision === 'accepted' ? t('review.acceptTitle', { name: asking.checkin.employeeName }) : t('review.rejectTitle', { name: asking?.checkin.employeeName ?? '' })}
        body={asking ? (asking.decision === 'accepted' ? t('review.acceptBody', { day: day(asking.checkin.date) }) : t('review.rejectBody', { day: day(asking.checkin.date) })) : ''}
        confirmLabel={asking?.decision === 'rejected' ? t('review.reject') : t('review.accept')}
        destructive={asking?.decision === 'rejected'}
        busy={review.isPending}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
};
