import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useNavigate } from 'react-router';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ApartmentIcon from '@mui/icons-material/Apartment';
import { ZDepartmentInput, type TDepartment, type TUser } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { useCreateDepartments, useDeleteDepartment, useUpdateDepartment } from '../api.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { NameDialog } from './NameDialog.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';

// Unit and description may be left empty in the form; empty values are left out of the request.
const ZDepartmentRow = z.object({
  name: ZDepartmentInput.shape.name,
  unit: z.string().trim().max(120, 'must be at most 120 characters'),
  description: z.string().trim().max(1000, 'must be at most 1000 characters'),
});
const ZDepartmentsForm = z.object({ departments: z.array(ZDepartmentRow).min(1) });
type TDepartmentsForm = z.input<typeof ZDepartmentsForm>;
const emptyRow = { name: '', unit: '', description: '' };

const DepartmentsDialog = ({ open, onClose, user }: { open: boolean; onClose: () => void; user: TUser }) => {
  const { t } = useTranslation('app');
  const create = useCreateDepartments(user._id, user.ownerEmail);
  const { form, formError, onSubmit } = useDialogForm<TDepartmentsForm, z.output<typeof ZDepartmentsForm>>({
    schema: ZDepartmentsForm,
    open,
    defaults: () => ({ departments: [emptyRow] }),
    // Empty unit and description are left out of the request.
    submit: ({ departments }) => create.mutateAsync(departments.map((d) => ({ name: d.name, ...(d.unit ? { unit: d.unit } : {}), ...(d.description ? { description: d.description } : {}) }))),
    onDone: onClose,
  });
  const { register, control, formState: { errors } } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'departments' });

  return (
    <FormDialog open={open} title={t('settings.departments.addTitle')} description={t('settings.departments.addBody')} submitLabel={t('settings.departments.addSubmit')} busy={create.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      {fields.map((field, index) => (
        <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('settings.departments.name')}
            {...register(`departments.${index}.name`)}
            error={!!errors.departments?.[index]?.name}
            helperText={fieldErrorText(t, errors.departments?.[index]?.name?.message)}
          />
          <TextField
            label={t('settings.departments.unit')}
            {...register(`departments.${index}.unit`)}
            error={!!errors.departments?.[index]?.unit}
            helperText={fieldErrorText(t, errors.departments?.[index]?.unit?.message) ?? (index === 0 ? t('settings.departments.unitHelp') : undefined)}
          />
          <TextField
            label={t('settings.departments.description')}
            {...register(`departments.${index}.description`)}
            error={!!errors.departments?.[index]?.description}
            helperText={fieldErrorText(t, errors.departments?.[index]?.description?.message)}
          />
          <Tooltip title={t('settings.departments.removeRow')}>
            <span>
              <IconButton onClick={() => remove(index)} disabled={fields.length === 1} aria-label={t('settings.departments.removeRow')} sx={{ mt: { sm: 1 } }}>
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append(emptyRow)} sx={{ alignSelf: 'flex-start' }}>
        {t('settings.departments.addRow')}
      </Button>
    </FormDialog>
  );
};

/** The business's departments (POST /auth/department/{email} creates them in bulk). */
export const DepartmentsPanel = ({ departments, user, loading }: { departments: readonly TDepartment[]; user: TUser; loading: boolean }) => {
  const { t, i18n } = useTranslation('app');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TDepartment | null>(null);
  const [deleting, setDeleting] = useState<TDepartment | null>(null);
  const update = useUpdateDepartment(user._id, user.ownerEmail);
  const remove = useDeleteDepartment(user._id, user.ownerEmail);
  const navigate = useNavigate();
  const columns = useMemo<GridColDef<TDepartment>[]>(
    () => [
      { field: 'name', headerName: t('settings.departments.name'), flex: 1, minWidth: 180 },
      { field: 'unit', headerName: t('settings.departments.unit'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('settings.departments.description'), flex: 2, minWidth: 220, valueGetter: (value: string | null) => value ?? '' },
      { field: 'createdAt', headerName: t('settings.users.created'), width: 140, valueFormatter: (value: string) => formatDate(value, i18n.language) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('settings.actions'),
        width: 140,
        getActions: ({ row }) => [
          <GridActionsCellItem key="view" icon={<OpenIcon />} label={t('settings.departments.view', { name: row.name })} onClick={() => void navigate(`/department-view/${encodeURIComponent(row.unit)}/${encodeURIComponent(row.name)}`)} />,
          <GridActionsCellItem key="edit" icon={<EditIcon />} label={t('settings.departments.edit', { name: row.name })} onClick={() => setEditing(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteIcon color="error" />} label={t('settings.departments.delete', { name: row.name })} onClick={() => setDeleting(row)} />,
        ],
      },
    ],
    [t, i18n.language, navigate],
  );
  return (
    <PanelCard
      title={t('settings.departments.title')}
      subtitle={t('settings.departments.subtitle')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('settings.departments.add')}
        </Button>
      }
    >
      {!loading && departments.length === 0 ? (
        <EmptyState Icon={ApartmentIcon} title={t('settings.departments.emptyTitle')} body={t('settings.departments.emptyBody')} compact />
      ) : (
        <DataTable<TDepartment> label={t('settings.departments.title')} rows={departments as TDepartment[]} columns={columns} getRowId={(row) => row._id} loading={loading} />
      )}
      <DepartmentsDialog open={adding} onClose={() => setAdding(false)} user={user} />
      <NameDialog
        open={!!editing}
        title={t('settings.departments.editTitle')}
        submitLabel={t('common.save')}
        nameLabel={t('settings.departments.name')}
        initial={editing ?? undefined}
        busy={update.isPending}
        onSubmit={(values) => update.mutateAsync({ id: editing!._id, ...values })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        destructive
        title={t('settings.departments.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('settings.departments.deleteBody')}
        confirmLabel={t('settings.departments.deleteConfirm')}
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
