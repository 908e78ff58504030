import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPlace, TPlaceReview } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useConfirmPlaces, useMergePlace } from '../../../shared/places/api.ts';
import { PlaceDialog } from './PlaceDialog.tsx';

/**
 * "Confirm places made from typed names" (issue 34): each place the migration made, the spellings merged into it with
 * their record counts; the owner confirms it (optionally renamed, another kind, a site's project) or merges it into
 * another place.
 */
export const ReviewPanel = ({ review }: { review: TPlaceReview[] }) => {
  const { t } = useTranslation('app');
  const confirm = useConfirmPlaces();
  const merge = useMergePlace();
  const [editing, setEditing] = useState<TPlaceReview | null>(null);
  const [merging, setMerging] = useState<TPlaceReview | null>(null);
  const [into, setInto] = useState<TPlace | null>(null);
  const [asking, setAsking] = useState(false);
  const closeMerge = () => {
    setMerging(null);
    setInto(null);
    setAsking(false);
  };
  if (review.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="places-review-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="places-review-title" variant="h6" component="h2">{t('places.screen.review.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('places.screen.review.body')}</Typography>
        {confirm.isError ? <Alert severity="error" sx={{ mb: 2 }}>{displayError(t, confirm.error)}</Alert> : null}
        <Stack spacing={2}>
          {review.map((p) => (
            <Stack key={p._id} data-testid="place-review" spacing={1} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
                <Chip size="small" label={t(`places.kind.${p.kind}`)} />
                <Typography variant="body2" color="text.secondary">{t('places.screen.review.records', { count: p.records })}</Typography>
              </Stack>
              {/* Spellings keep their spaces ("Lekki  Phase 2 "): the owner sees what was typed. */}
              <Typography variant="body2" color="text.secondary">{t('places.screen.review.spellings')}</Typography>
              <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
                {p.aliases.map((a) => (
                  <li key={a.alias}>
                    <Chip variant="outlined" size="small" sx={{ maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'pre', overflow: 'hidden', textOverflow: 'ellipsis' } }} label={t('places.screen.review.spelling', { alias: JSON.stringify(a.alias), count: a.records })} />
                  </li>
                ))}
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button size="small" variant="contained" disabled={confirm.isPending} onClick={() => confirm.mutate({ places: [{ id: p._id }] })}
                  aria-label={t('places.screen.review.confirmOne', { name: p.name })}>
                  {t('places.screen.review.confirm')}
                </Button>
                <Button size="small" onClick={() => setEditing(p)} aria-label={t('places.screen.review.editOne', { name: p.name })}>{t('places.screen.review.edit')}</Button>
                <Button size="small" onClick={() => setMerging(p)} aria-label={t('places.screen.review.mergeOne', { name: p.name })}>{t('places.screen.review.merge')}</Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
        {review.length > 1 ? (
          <Button sx={{ mt: 2 }} variant="outlined" disabled={confirm.isPending} onClick={() => confirm.mutate({ places: review.map((p) => ({ id: p._id })) })}>
            {t('places.screen.review.confirmAll', { count: review.length })}
          </Button>
        ) : null}
      </CardContent>
      {editing ? (
        <PlaceDialog
          short place={editing} title={t('places.screen.review.editTitle', { name: editing.name })} saveLabel={t('places.screen.review.confirm')}
          busy={confirm.isPending} error={confirm.isError ? displayError(t, confirm.error) : undefined}
          onClose={() => setEditing(null)}
          onSave={(f) => confirm.mutate({ places: [{ id: editing._id, name: f.name, kind: f.kind, projectId: f.kind === 'site' ? f.projectId : null }] }, { onSuccess: () => setEditing(null) })}
        />
      ) : null}
      {merging && !asking ? (
        <Dialog open onClose={closeMerge} fullWidth maxWidth="sm" aria-labelledby="merge-title">
          <DialogTitle id="merge-title">{t('places.screen.merge.title', { name: merging.name })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>{t('places.screen.merge.body')}</Typography>
            <PlacePicker label={t('places.screen.merge.into')} value={into?._id ?? null} onChange={setInto} name="intoId" />
            {into?._id === merging._id ? <Alert severity="warning" sx={{ mt: 2 }}>{t('places.screen.merge.self')}</Alert> : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={closeMerge}>{t('places.screen.cancel')}</Button>
            <Button variant="contained" disabled={!into || into._id === merging._id} onClick={() => setAsking(true)}>{t('places.screen.merge.next')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={Boolean(merging && into && asking)} destructive busy={merge.isPending}
        title={t('places.screen.merge.confirmTitle')}
        body={(
          <>
            {merging && into ? t('places.screen.merge.confirmBody', { name: merging.name, into: into.name, count: merging.records }) : ''}
            {merge.isError ? <Alert severity="error" sx={{ mt: 2 }}>{displayError(t, merge.error)}</Alert> : null}
          </>
        )}
        confirmLabel={t('places.screen.merge.confirm')}
        onClose={() => setAsking(false)}
        onConfirm={() => merging && into && merge.mutate({ id: merging._id, intoId: into._id }, { onSuccess: closeMerge })}
      />
    </Card>
  );
};
