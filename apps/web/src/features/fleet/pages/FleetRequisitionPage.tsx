import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { TFleetRequisition, TTruck } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { hasRole } from '../../../shared/access.ts';
import { useInventoryUser } from '../../inventory/components/useInventoryUser.ts';
import { useAssignTruck, useDeleteTruck, useFleet } from '../api.ts';
import { bookingEnd } from '../lib/availability.ts';
import { ApproveTruckDialog, AssignDialog, EntryDialog, RequestTruckDialog, TruckDialog } from '../components/FleetDialogs.tsx';

const STATE_COLORS = { free: 'success', assigned: 'info', 'in maintenance': 'warning' } as const;
const STATUS_COLORS = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/** /fleet-requisition: the trucks with their state, and truck requests booked on approval. */
export const FleetRequisitionPage = () => {
  const { t, i18n } = useTranslation('inventory');
  const { email, money, user } = useInventoryUser();
  const fleet = useFleet(email);
  const assign = useAssignTruck();
  const remove = useDeleteTruck();
  const [addingTruck, setAddingTruck] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [assigning, setAssigning] = useState<TTruck | null>(null);
  const [entryFor, setEntryFor] = useState<TTruck | null>(null);
  const [deleting, setDeleting] = useState<TTruck | null>(null);
  const [approving, setApproving] = useState<TFleetRequisition | null>(null);
  const canApprove = hasRole(user.roles, 'Approvals-access');
  const onError = (err: unknown) => flash(displayError(t, err), 'error');
  const trucks = fleet.data?.trucks ?? [];
  const requests = fleet.data?.requisitions ?? [];

  const truckColumns = useMemo<GridColDef<TTruck>[]>(() => [
    { field: 'plateNumber', headerName: t('fleet.plateNumber'), width: 130, renderCell: ({ row }) => <Link component={RouterLink} to={`/fleet/${row._id}`}>{row.plateNumber}</Link> },
    { field: 'model', headerName: t('fleet.model'), flex: 1, minWidth: 140 },
    { field: 'capacity', headerName: t('fleet.capacity'), width: 120 },
    { field: 'fuelType', headerName: t('fleet.fuelType'), width: 100, valueGetter: (v: string) => t(`fleet.fuelTypes.${v}`) },
    { field: 'state', headerName: t('fleet.state'), width: 150, renderCell: ({ row }) => <Chip size="small" color={STATE_COLORS[row.state]} label={row.assignedTagName ? `${t(`fleet.states.${row.state}`)} · ${row.assignedTagName}` : t(`fleet.states.${row.state}`)} /> },
    { field: 'fuelCostMinor', headerName: t('fleet.fuelCost'), type: 'number', width: 130, valueFormatter: (v: number) => money(v) },
    { field: 'maintenanceCostMinor', headerName: t('fleet.maintenanceCost'), type: 'number', width: 150, valueFormatter: (v: number) => money(v) },
    { field: 'serviceDue', headerName: t('fleet.serviceDue'), width: 130, sortable: false, renderCell: ({ row }) => (row.serviceDue?.isDue ? <Chip size="small" color="warning" label={t('fleet.dueNow')} /> : null) },
    {
      field: 'actions', headerName: t('common.actions'), width: 320, sortable: false, filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {row.assignedTagName
            ? <Button size="small" onClick={() => assign.mutate({ truckId: row._id, release: true }, { onError })}>{t('fleet.release')}</Button>
            : <Button size="small" onClick={() => setAssigning(row)}>{t('fleet.assign')}</Button>}
          <Button size="small" onClick={() => setEntryFor(row)}>{t('fleet.entry')}</Button>
          <Button size="small" color="error" onClick={() => setDeleting(row)}>{t('common.delete')}</Button>
        </Stack>
      ),
    },
  ], [t, money, assign]);

  const requestColumns = useMemo<GridColDef<TFleetRequisition>[]>(() => [
    { field: 'tagName', headerName: t('common.project'), width: 140 },
    { field: 'purpose', headerName: t('common.purpose'), flex: 1, minWidth: 160 },
    { field: 'startDate', headerName: t('fleet.startDate'), width: 115, valueFormatter: (v: string) => formatDate(v, i18n.language) },
    { field: 'endDate', headerName: t('fleet.finishDate'), width: 130, valueFormatter: (v: string) => bookingEnd(v, t, (d) => formatDate(d, i18n.language)) },
    { field: 'requestedBy', headerName: t('requisitions.requestedBy'), width: 140 },
    { field: 'plateNumber', headerName: t('fleet.truck'), width: 120, valueGetter: (v: string | null) => v ?? '' },
    { field: 'approvals', headerName: t('requisitions.approvals'), width: 100, valueGetter: (v: number, row) => `${v}/${row.approvalsRequired}` },
    { field: 'status', headerName: t('common.status'), width: 110, renderCell: ({ row }) => <Chip size="small" color={STATUS_COLORS[row.status]} label={t(`fleet.statuses.${row.status}`)} /> },
    {
      field: 'actions', headerName: t('common.actions'), width: 180, sortable: false, filterable: false,
      renderCell: ({ row }) => (row.status === 'pending' && canApprove
        ? <Button size="small" variant="contained" onClick={() => setApproving(row)}>{t('fleet.approve')}</Button> : null),
    },
  ], [t, canApprove]);

  return (
    <Box>
      <PageHeader
        title={t('fleet.title')}
        description={t('fleet.description')}
        actions={(
          <>
            <Button startIcon={<AddIcon />} onClick={() => setAddingTruck(true)}>{t('fleet.addTruck')}</Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRequesting(true)}>{t('fleet.request')}</Button>
          </>
        )}
      />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('fleet.trucks')}</Typography>
      <Card sx={{ mb: 4 }}>
        {fleet.isError ? <EmptyState Icon={LocalShippingIcon} compact title={t('common.loadFailed')} action={<Button onClick={() => void fleet.refetch()}>{t('common.retry')}</Button>} />
          : !fleet.isLoading && trucks.length === 0 ? <EmptyState Icon={LocalShippingIcon} compact title={t('fleet.trucksEmpty')} body={t('fleet.trucksEmptyBody')} />
            : <DataTable<TTruck> label={t('fleet.trucks')} rows={trucks} columns={truckColumns} loading={fleet.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />}
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('fleet.requisitions')}</Typography>
      <Card>
        {!fleet.isLoading && requests.length === 0 ? <EmptyState Icon={LocalShippingIcon} compact title={t('fleet.requestsEmpty')} body={t('fleet.requestsEmptyBody')} />
          : <DataTable<TFleetRequisition> label={t('fleet.requisitions')} rows={requests} columns={requestColumns} loading={fleet.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />}
      </Card>
      <TruckDialog open={addingTruck} onClose={() => setAddingTruck(false)} />
      <RequestTruckDialog open={requesting} onClose={() => setRequesting(false)} />
      <AssignDialog truck={assigning} onClose={() => setAssigning(null)} />
      <EntryDialog truck={entryFor} onClose={() => setEntryFor(null)} />
      <ApproveTruckDialog request={approving} trucks={trucks} onClose={() => setApproving(null)} />
      <ConfirmDialog
        open={!!deleting}
        title={t('common.confirmDelete', { name: deleting?.plateNumber ?? '' })}
        body={t('common.confirmDeleteBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError: (err) => { setDeleting(null); onError(err); } })}
      />
    </Box>
  );
};
