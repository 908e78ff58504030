import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import type { TDesignation, TUser } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCreateDesignation, useDeleteDesignation, useDesignations, useUpdateDesignation } from '../../employees/api.ts';
import { NameDialog } from './NameDialog.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';

/** The business's job titles (issue 10): add, rename, delete (refused while employees hold one). */
export const DesignationsPanel = ({ user }: { user: TUser }) => {
  const { t } = useTranslation('app');
  const email = user.ownerEmail;
  const list = useDesignations(email);
  const create = useCreateDesignation(email);
  const update = useUpdateDesignation(email);
  const remove = useDeleteDesignation(email);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TDesignation | null>(null);
  const [deleting, setDeleting] = useState<TDesignation | null>(null);
  const rows = list.data ?? [];

  const columns = useMemo<GridColDef<TDesignation>[]>(
    () => [
      { field: 'name', headerName: t('settings.designations.name'), flex: 1, minWidth: 180 },
      { field: 'description', headerName: t('settings.departments.description'), flex: 2, minWidth: 200, valueGetter: (value: string | null) => value ?? '' },
      { field: 'employeeCount', headerName: t('settings.designations.employees'), type: 'number', width: 120 },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('settings.actions'),
        width: 110,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={t('settings.designations.edit', { name: row.name })} onClick={() => setEditing(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon color="error" />} label={t('settings.designations.delete', { name: row.name })} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [t],
  );

  return (
    <PanelCard
      title={t('settings.designations.title')}
      subtitle={t('settings.designations.subtitle')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('settings.designations.add')}
        </Button>
      }
    >
      {list.isError ? <Alert severity="error">{displayError(t, list.error)}</Alert> : null}
      {!list.isLoading && !list.isError && rows.length === 0 ? (
        <EmptyState Icon={BadgeIcon} title={t('settings.designations.emptyTitle')} body={t('settings.designations.emptyBody')} compact />
      ) : (
        <DataTable<TDesignation> label={t('settings.designations.title')} rows={rows} columns={columns} getRowId={(row) => row._id} loading={list.isLoading} />
      )}
      <NameDialog
        open={adding}
        title={t('settings.designations.add')}
        submitLabel={t('settings.designations.create')}
        nameLabel={t('settings.designations.name')}
        busy={create.isPending}
        onSubmit={(values) => create.mutateAsync({ ...values, email })}
        onClose={() => setAdding(false)}
      />
      <NameDialog
        open={!!editing}
        title={t('settings.designations.editTitle')}
        submitLabel={t('common.save')}
        nameLabel={t('settings.designations.name')}
        initial={editing ?? undefined}
        busy={update.isPending}
        onSubmit={(values) => update.mutateAsync({ id: editing!._id, ...values })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        destructive
        title={t('settings.designations.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('settings.designations.deleteBody')}
        confirmLabel={t('settings.designations.deleteConfirm')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              flash(displayError(t, error), 'error');
            },
          });
        }}
      />
    </PanelCard>
  );
};
