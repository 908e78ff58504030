import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import PinDropIcon from '@mui/icons-material/PinDrop';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import LinkIcon from '@mui/icons-material/Link';
import OpenIcon from '@mui/icons-material/OpenInNew';
import Stack from '@mui/material/Stack';
import type { TCollectionPoint, TDepartment, TUser } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useRegenerateCode } from '../api.ts';
import { AddAccessPointDialog, EmployeeNumberDialog, GoogleLinkDialog } from './AccessPointDialogs.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';

/** The collection page of a point: its department's page (`default` for a point of no department). */
export const collectionPath = (point: Pick<TCollectionPoint, 'dept'>) => `/collection/${encodeURIComponent(point.dept || 'default')}`;

type TProps = { points: readonly TCollectionPoint[]; departments: readonly TDepartment[]; user: TUser; loading: boolean };

/** Data collection (access) points: add, regenerate the access code, change the employee, link a sheet. */
export const AccessPointsPanel = ({ points, departments, user, loading }: TProps) => {
  const { t, i18n } = useTranslation('app');
  const [adding, setAdding] = useState(false);
  const [renumbering, setRenumbering] = useState<TCollectionPoint | null>(null);
  const [linking, setLinking] = useState<TCollectionPoint | null>(null);
  const [regenerating, setRegenerating] = useState<TCollectionPoint | null>(null);
  const regenerate = useRegenerateCode(user._id, user.ownerEmail);
  const navigate = useNavigate();

  const columns = useMemo<GridColDef<TCollectionPoint>[]>(
    () => [
      {
        field: 'tagName',
        headerName: t('settings.points.tagName'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={collectionPath(row)} title={t('settings.points.openCollection', { tag: row.tagName })} sx={{ fontWeight: 600 }}>
            {row.tagName}
          </Link>
        ),
      },
      { field: 'dept', headerName: t('settings.points.dept'), width: 140 },
      { field: 'employeeNumber', headerName: t('settings.points.employeeNumber'), width: 150 },
      { field: 'employeeName', headerName: t('settings.points.employeeName'), flex: 1, minWidth: 160 },
      {
        field: 'dataCode',
        headerName: t('settings.points.dataCode'),
        width: 140,
        renderCell: ({ value }) => <Chip size="small" label={String(value ?? '')} sx={{ fontFamily: 'monospace', letterSpacing: 1 }} />,
      },
      {
        field: 'googleLink',
        headerName: t('settings.points.googleLink'),
        width: 130,
        renderCell: ({ value }) =>
          value ? (
            <Link href={String(value)} target="_blank" rel="noopener noreferrer">
              {t('settings.points.openLink')}
            </Link>
          ) : (
            '—'
          ),
      },
      { field: 'createdAt', headerName: t('settings.users.created'), width: 130, valueFormatter: (value: string) => formatDate(value, i18n.language) },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('settings.actions'),
        width: 130,
        getActions: ({ row }) => [
          <GridActionsCellItem key="open" icon={<OpenIcon />} label={t('settings.points.openCollection', { tag: row.tagName })} onClick={() => void navigate(collectionPath(row))} />,
          <GridActionsCellItem key="code" icon={<AutorenewIcon />} label={t('settings.points.regenerate')} onClick={() => setRegenerating(row)} showInMenu />,
          <GridActionsCellItem key="number" icon={<BadgeIcon />} label={t('settings.points.changeNumber')} onClick={() => setRenumbering(row)} showInMenu />,
          <GridActionsCellItem key="link" icon={<LinkIcon />} label={t('settings.points.saveLink')} onClick={() => setLinking(row)} showInMenu />,
        ],
      },
    ],
    [t, i18n.language, navigate],
  );

  return (
    <PanelCard
      title={t('settings.points.title')}
      subtitle={t('settings.points.subtitle')}
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/collection/default" variant="outlined" startIcon={<PinDropIcon />}>
            {t('settings.points.collectionPage')}
          </Button>
          <Button variant="contained" startIcon={<AddLocationIcon />} onClick={() => setAdding(true)}>
            {t('settings.points.add')}
          </Button>
        </Stack>
      }
    >
      {!loading && points.length === 0 ? (
        <EmptyState Icon={PinDropIcon} title={t('settings.points.emptyTitle')} body={t('settings.points.emptyBody')} compact />
      ) : (
        <DataTable<TCollectionPoint> label={t('settings.points.title')} rows={points as TCollectionPoint[]} columns={columns} getRowId={(row) => row._id} loading={loading} />
      )}
      <AddAccessPointDialog open={adding} onClose={() => setAdding(false)} user={user} departments={departments} />
      <EmployeeNumberDialog point={renumbering} onClose={() => setRenumbering(null)} user={user} />
      <GoogleLinkDialog point={linking} onClose={() => setLinking(null)} user={user} />
      <ConfirmDialog
        open={!!regenerating}
        title={t('settings.points.regenerateTitle', { tag: regenerating?.tagName ?? '' })}
        body={t('settings.points.regenerateBody', { number: regenerating?.employeeNumber ?? '' })}
        confirmLabel={t('settings.points.regenerate')}
        busy={regenerate.isPending}
        onClose={() => setRegenerating(null)}
        onConfirm={() => {
          if (!regenerating) return;
          regenerate.mutate(regenerating.employeeNumber, {
            onSuccess: () => setRegenerating(null),
            onError: (error) => flash(displayError(t, error), 'error'),
          });
        }}
      />
    </PanelCard>
  );
};
