import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import GroupsIcon from '@mui/icons-material/Groups';
import type { GridColDef } from '@mui/x-data-grid';
import { CLIENT_KINDS, ZClientInput, type TClient } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';
import { LoadError, useProcurementTexts } from '../../orders/components/ProcurementUi.tsx';
import { useClients, useDeleteClient, useSaveClient } from '../api.ts';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'address', 'taxId', 'notes'] as const;
type TDraft = Record<(typeof FIELDS)[number], string> & { kind: TClient['kind'] };
const toDraft = (c?: TClient | null): TDraft => ({
  name: c?.name ?? '', kind: c?.kind ?? 'client', contactName: c?.contactName ?? '', email: c?.email ?? '', phone: c?.phone ?? '', address: c?.address ?? '', taxId: c?.taxId ?? '', notes: c?.notes ?? '',
});

const ClientDialog = ({ open, client, onClose }: { open: boolean; client: TClient | null; onClose: () => void }) => {
  const { t } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const save = useSaveClient();
  const [draft, setDraft] = useState<TDraft>(toDraft(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setDraft(toDraft(client));
    setErrors({});
    setFormError(null);
  }, [open, client]);
  return (
    <FormDialog
      open={open} title={client ? t('clients.edit') : t('clients.add')} submitLabel={t('common.save')} busy={save.isPending} error={formError} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = ZClientInput.safeParse(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v === '' && k !== 'name' ? null : v])));
        if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), fieldErrorText(tApp, i.message) ?? i.message])));
        try {
          await save.mutateAsync({ ...parsed.data, id: client?._id });
          onClose();
        } catch (err) {
          setErrors(serverFieldErrors(err));
          setFormError(displayError(tApp, err));
        }
      }}
    >
      <TextField select label={t('fields.kind')} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as TClient['kind'] })}>
        {CLIENT_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`clients.${k}`)}</MenuItem>)}
      </TextField>
      {FIELDS.map((f) => (
        <TextField key={f} label={t(`fields.${f}`)} value={draft[f]} required={f === 'name'} multiline={f === 'notes'} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} error={!!errors[f]} helperText={errors[f]} />
      ))}
    </FormDialog>
  );
};

/** /manage-client: customers and contractors. */
export const ManageClientPage = () => {
  const { t } = useProcurementTexts();
  const query = useClients();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState<TClient | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TClient | null>(null);
  const columns: GridColDef<TClient>[] = [
    { field: 'name', headerName: t('fields.name'), flex: 1.3, minWidth: 180 },
    { field: 'kind', headerName: t('fields.kind'), width: 130, valueFormatter: (v: string) => t(`clients.${v}`) },
    { field: 'contactName', headerName: t('fields.contactName'), flex: 1, minWidth: 140 },
    { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 180 },
    { field: 'phone', headerName: t('fields.phone'), width: 140 },
    {
      field: 'actions', headerName: t('common.actions'), width: 110, sortable: false, filterable: false,
      renderCell: ({ row }) => (
        <>
          <IconButton aria-label={`${t('common.edit')} ${row.name}`} onClick={() => setEditing(row)}><EditIcon fontSize="small" /></IconButton>
          <IconButton aria-label={`${t('common.delete')} ${row.name}`} onClick={() => setDeleting(row)}><DeleteOutlineIcon fontSize="small" /></IconButton>
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('clients.title')} description={t('clients.description')} actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>{t('clients.add')}</Button>} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data && query.data.length === 0 ? <EmptyState Icon={GroupsIcon} title={t('clients.empty')} body={t('clients.emptyBody')} compact headingLevel="h2" /> : (
          <DataTable label={t('clients.label')} rows={query.data ?? []} columns={columns} getRowId={(r) => r._id} loading={query.isPending} />
        )}
      </Paper>
      <ClientDialog open={editing !== undefined} client={editing ?? null} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={!!deleting} destructive title={t('clients.deleteTitle', { name: deleting?.name ?? '' })} body={t('clients.deleteBody')} confirmLabel={t('common.delete')} busy={remove.isPending}
        onClose={() => setDeleting(null)} onConfirm={async () => { await remove.mutateAsync(deleting!._id).catch(() => undefined); setDeleting(null); }}
      />
    </>
  );
};
