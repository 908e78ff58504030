import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import GroupIcon from '@mui/icons-material/Group';
import type { TUser } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { normalizeRoles } from '../../../shared/access.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { initials } from '../../../shared/format/names.ts';
import { useDeleteUser, useInvitations } from '../api.ts';
import { EditRolesDialog, InviteUserDialog } from './UserDialogs.tsx';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';

type TProps = { users: readonly TUser[]; currentUser: TUser; loading: boolean };

/** The business's users and their roles (every Users call of the Settings page), and the invitations still open. */
export const UsersPanel = ({ users, currentUser, loading }: TProps) => {
  const { t, i18n } = useTranslation('app');
  const scope = { userId: currentUser._id, email: currentUser.ownerEmail };
  const [inviting, setInviting] = useState(false);
  const invitations = useInvitations();
  const [editing, setEditing] = useState<TUser | null>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const remove = useDeleteUser(scope.userId, scope.email);

  const columns = useMemo<GridColDef<TUser>[]>(
    () => [
      {
        field: 'userName',
        headerName: t('settings.users.name'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.dark', color: '#fff' }}>{initials(row.userName)}</Avatar>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {row.userName}
            </Typography>
          </Stack>
        ),
      },
      { field: 'email', headerName: t('settings.users.email'), flex: 1, minWidth: 220 },
      {
        field: 'roles',
        headerName: t('settings.users.roles'),
        flex: 1.4,
        minWidth: 260,
        sortable: false,
        valueGetter: (_value, row) =>
          normalizeRoles(row.roles)
            .map((role) => t(`roles.${role}.label`))
            .join(', '),
        renderCell: ({ row }) => {
          const roles = normalizeRoles(row.roles);
          return (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: 1, overflow: 'hidden' }}>
              {roles.length ? (
                roles.map((role) => <Chip key={role} size="small" label={t(`roles.${role}.label`)} color={role === 'owner' ? 'primary' : 'default'} variant={role === 'owner' ? 'filled' : 'outlined'} />)
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('settings.users.noRoles')}
                </Typography>
              )}
            </Stack>
          );
        },
      },
      { field: 'createdAt', headerName: t('settings.users.created'), width: 140, valueFormatter: (value: string) => formatDate(value, i18n.language) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('settings.actions'),
        width: 100,
        getActions: ({ row }) =>
          normalizeRoles(row.roles).includes('owner') || row._id === currentUser._id
            ? []
            : [
                <GridActionsCellItem key="edit" icon={<EditIcon />} label={t('settings.users.editRoles')} onClick={() => setEditing(row)} />,
                <GridActionsCellItem key="delete" icon={<DeleteIcon color="error" />} label={t('settings.users.delete')} onClick={() => setDeleting(row)} />,
              ],
      },
    ],
    [t, i18n.language, currentUser._id],
  );

  return (
    <Stack spacing={3}>
      <PanelCard
        title={t('settings.users.title')}
        subtitle={t('settings.users.subtitle', { count: users.length })}
        action={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} data-testid="invite-user">
            {t('settings.users.add')}
          </Button>
        }
      >
        {!loading && users.length === 0 ? (
          <EmptyState Icon={GroupIcon} title={t('settings.users.emptyTitle')} body={t('settings.users.emptyBody')} compact />
        ) : (
          <Box>
            <DataTable<TUser> label={t('settings.users.title')} rows={users as TUser[]} columns={columns} getRowId={(row) => row._id} loading={loading} rowHeight={60} />
          </Box>
        )}
        <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
        <EditRolesDialog user={editing} onClose={() => setEditing(null)} scope={scope} />
        <ConfirmDialog
          open={!!deleting}
          destructive
          title={t('settings.users.deleteTitle', { name: deleting?.userName ?? '' })}
          body={t('settings.users.deleteBody', { email: deleting?.email ?? '' })}
          confirmLabel={t('settings.users.delete')}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            if (!deleting) return;
            remove.mutate(deleting._id, {
              onSuccess: () => setDeleting(null),
              onError: (error) => flash(displayError(t, error), 'error'),
            });
          }}
        />
      </PanelCard>
      <InvitationsPanel invitations={invitations.data ?? []} />
    </Stack>
  );
};
