import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPayStructure } from '@bizdesk/contract';
import { AccountTreeIcon } from '../../../shared/ui/icons/startIcons.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useDeleteStructure, useSaveStructure, useStructures } from '../api.ts';
import { RecurringItemDialog, StructureDialog } from '../components/StructureDialogs.tsx';
import { RecurringItemsList } from '../components/RecurringItemsList.tsx';
import { AssignStructureDialog } from '../components/AssignStructureDialog.tsx';

/**
 * /pay-structures (issue 32): how the business pays. Structures (grades) with their split of gross and pension base; the
 * default applies to everyone without their own; each carries recurring earnings and deductions; employees are put on
 * one in bulk.
 */
export const PayStructuresPage = () => {
  const { t } = useTranslation('structures');
  const list = useStructures();
  const save = useSaveStructure();
  const remove = useDeleteStructure();
  const [editing, setEditing] = useState<TPayStructure | null | 'new'>(null);
  const [itemFor, setItemFor] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<TPayStructure | null>(null);
  const [deleting, setDeleting] = useState<TPayStructure | null>(null);
  const structures = list.data ?? [];
  const hasDefault = structures.some((s) => s.isDefault);
  const split = (s: TPayStructure) => (s.split ? t('splitOf', s.split) : t('countrySplit'));
  const makeDefault = (s: TPayStructure) => save.mutate({ id: s._id, body: { name: s.name, split: s.split, pensionBase: s.pensionBase, isDefault: true } });

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<Button variant="contained" onClick={() => setEditing('new')}>{t('create')}</Button>} />
      {list.isError ? <Alert severity="error">{displayError(t, list.error)}</Alert> : null}
      {list.isLoading ? <Skeleton variant="rounded" height={160} /> : structures.length === 0 ? (
        <EmptyState Icon={AccountTreeIcon} title={t('empty.title')} body={t('empty.body')} action={<Button variant="contained" onClick={() => setEditing('new')}>{t('create')}</Button>} />
      ) : (
        <Stack spacing={2}>
          {!hasDefault ? <Alert severity="info">{t('noDefault')}</Alert> : null}
          <Grid container spacing={2}>
            {structures.map((s) => (
              <Grid key={s._id} size={{ xs: 12, md: 6 }}>
                <Card data-testid="pay-structure" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flex: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>{s.name}</Typography>
                      {s.isDefault ? <Chip size="small" color="primary" label={t('default')} /> : null}
                    </Stack>
                    <Typography variant="body2">{split(s)}</Typography>
                    <Typography variant="body2" color="text.secondary">{t('pensionOn', { base: s.pensionBase ? t(`bases.${s.pensionBase}`) : t('countryDefault') })}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{s.isDefault ? t('employeesDefault', { count: s.employees }) : t('employees', { count: s.employees })}</Typography>
                    <Typography variant="subtitle2" component="h3">{t('items.title')}</Typography>
                    <RecurringItemsList items={s.items} empty={t('items.empty')} />
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Button size="small" onClick={() => setItemFor(s._id)}>{t('items.add')}</Button>
                    <Button size="small" onClick={() => setAssigning(s)}>{t('assign.action')}</Button>
                    <Button size="small" onClick={() => setEditing(s)}>{t('editAction')}</Button>
                    {!s.isDefault ? <Button size="small" onClick={() => makeDefault(s)} disabled={save.isPending}>{t('makeDefault')}</Button> : null}
                    <Button size="small" color="error" onClick={() => setDeleting(s)}>{t('delete')}</Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
      <StructureDialog open={editing !== null} structure={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <RecurringItemDialog open={itemFor !== null} owner={itemFor ? { structureId: itemFor } : null} onClose={() => setItemFor(null)} />
      <AssignStructureDialog open={assigning !== null} structure={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog open={deleting !== null} title={t('deleteTitle', { name: deleting?.name ?? '' })} body={t('deleteBody', { count: deleting?.employees ?? 0 })} confirmLabel={t('delete')} destructive
        busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })} onClose={() => setDeleting(null)} />
    </>
  );
};
