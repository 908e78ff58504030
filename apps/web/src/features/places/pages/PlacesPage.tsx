import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TPlace, TPlaceKind } from '@bizdesk/contract';
import { PinDropIcon } from '../../../shared/ui/icons/startIcons.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { hasRole } from '../../../shared/access.ts';
import { useAllPlaces, useArchivePlace, useCreatePlace, usePlaceReview, useUpdatePlace } from '../../../shared/places/api.ts';
import { PlaceDialog, type TPlaceForm } from '../components/PlaceDialog.tsx';
import { ReviewPanel } from '../components/ReviewPanel.tsx';

type TEditing = { place: TPlace | { kind: TPlaceKind; projectId?: string | null } };

/**
 * /places (issue 34): the business's projects with their sites, and its stores, as records every form picks from.
 * Keepers add, rename, re-kind and archive them; the owner confirms the places made from typed names, or merges them.
 */
export const PlacesPage = () => {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  const canKeep = ['Settings-access', 'Inventory-access', 'Procurement-access'].some((r) => hasRole(user.roles, r as 'Settings-access'));
  const canReview = hasRole(user.roles, 'Settings-access');
  const list = useAllPlaces();
  const review = usePlaceReview(canReview);
  const create = useCreatePlace();
  const update = useUpdatePlace();
  const archive = useArchivePlace();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [archiving, setArchiving] = useState<TPlace | null>(null);
  const [showArchived, setShowArchived] = useState(false);

  const all = (list.data ?? []).filter((p) => showArchived || !p.archived);
  const projects = all.filter((p) => p.kind === 'project');
  const stores = all.filter((p) => p.kind === 'store');
  const sitesOf = (id: string) => all.filter((p) => p.kind === 'site' && p.projectId === id);
  const saving = create.isPending || update.isPending;
  const saveError = create.isError ? displayError(t, create.error) : update.isError ? displayError(t, update.error) : undefined;
  const save = (f: TPlaceForm) => {
    const place = editing?.place;
    const done = { onSuccess: () => setEditing(null) };
    const body = { kind: f.kind, name: f.name, projectId: f.kind === 'site' ? f.projectId : null, address: f.address, description: f.description };
    if (place && '_id' in place) update.mutate({ id: place._id, body }, done);
    else create.mutate(body, done);
  };
  const startAdd = (kind: TPlaceKind, projectId?: string) => {
    create.reset();
    setEditing({ place: { kind, projectId: projectId ?? null } });
  };

  const row = (p: TPlace, nested = false) => (
    <Stack
      key={p._id} data-testid="place-row" direction={{ xs: 'column', sm: 'row' }} spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', pl: nested ? 2 : 0, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        <Typography component={nested ? 'span' : 'h3'} variant={nested ? 'body1' : 'subtitle1'} sx={{ fontWeight: nested ? 400 : 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
        <Chip size="small" variant="outlined" label={t(`places.kind.${p.kind}`)} />
        {p.status === 'proposed' ? <Chip size="small" color="warning" label={t('places.proposed')} /> : null}
        {p.archived ? <Chip size="small" label={t('places.screen.archived')} /> : null}
        {p.address ? <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{p.address}</Typography> : null}
      </Stack>
      {canKeep ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {p.kind === 'project' && !p.archived ? (
            <Button size="small" onClick={() => startAdd('site', p._id)} aria-label={t('places.screen.addSiteTo', { name: p.name })}>{t('places.screen.addSite')}</Button>
          ) : null}
          <Button size="small" onClick={() => { update.reset(); setEditing({ place: p }); }} aria-label={t('places.screen.editOne', { name: p.name })}>{t('places.screen.edit')}</Button>
          {p.archived ? (
            <Button size="small" onClick={() => archive.mutate({ id: p._id, archived: false })} aria-label={t('places.screen.restoreOne', { name: p.name })}>{t('places.screen.restore')}</Button>
          ) : (
            <Button size="small" color="error" onClick={() => { archive.reset(); setArchiving(p); }} aria-label={t('places.screen.archiveOne', { name: p.name })}>{t('places.screen.archive')}</Button>
          )}
        </Stack>
      ) : null}
    </Stack>
  );

  const addButtons = canKeep ? (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" onClick={() => startAdd('project')}>{t('places.screen.addProject')}</Button>
      <Button variant="outlined" onClick={() => startAdd('store')}>{t('places.screen.addStore')}</Button>
    </Stack>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('places.screen.title')} description={t('places.screen.description')} actions={addButtons} />
      {canReview && review.data ? <ReviewPanel review={review.data} /> : null}
      {list.isError ? <Alert severity="error">{displayError(t, list.error)}</Alert> : null}
      {archive.isError ? <Alert severity="error" sx={{ mb: 2 }}>{displayError(t, archive.error)}</Alert> : null}
      {list.isLoading ? <Skeleton variant="rounded" height={160} /> : (list.data ?? []).length === 0 ? (
        <EmptyState Icon={PinDropIcon} title={t('places.screen.empty.title')} body={t('places.screen.empty.body')} action={addButtons} />
      ) : (
        <Stack spacing={3}>
          <FormControlLabel control={<Switch checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />} label={t('places.screen.showArchived')} />
          <Card component="section" aria-labelledby="places-projects-title">
            <CardContent>
              <Typography id="places-projects-title" variant="h6" component="h2" sx={{ mb: 1 }}>{t('places.screen.projects')}</Typography>
              {projects.length === 0 ? <Typography color="text.secondary">{t('places.screen.noProjects')}</Typography> : null}
              {projects.map((p) => (
                <div key={p._id}>
                  {row(p)}
                  {sitesOf(p._id).map((s) => row(s, true))}
                </div>
              ))}
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="places-stores-title">
            <CardContent>
              <Typography id="places-stores-title" variant="h6" component="h2" sx={{ mb: 1 }}>{t('places.screen.stores')}</Typography>
              {stores.length === 0 ? <Typography color="text.secondary">{t('places.screen.noStores')}</Typography> : null}
              {stores.map((p) => row(p))}
            </CardContent>
          </Card>
        </Stack>
      )}
      {editing ? (
        <PlaceDialog
          place={editing.place}
          title={'_id' in editing.place ? t('places.screen.editTitle', { name: editing.place.name }) : t(`places.screen.addTitle.${editing.place.kind}`)}
          saveLabel={t('places.screen.save')} busy={saving} error={saveError}
          onClose={() => setEditing(null)} onSave={save}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(archiving)} busy={archive.isPending} destructive
        title={t('places.screen.archiveTitle', { name: archiving?.name ?? '' })}
        body={t('places.screen.archiveBody')}
        confirmLabel={t('places.screen.archive')}
        onClose={() => setArchiving(null)}
        onConfirm={() => archiving && archive.mutate({ id: archiving._id, archived: true }, { onSettled: () => setArchiving(null) })}
      />
    </>
  );
};
