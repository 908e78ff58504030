import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { TTransfer } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useItems } from '../api.ts';
import { useTransferAction, useTransfers, type TTransferAction } from '../transfersApi.ts';
import { TransferDialog } from '../components/TransferDialog.tsx';
import { useInventoryUser } from '../components/useInventoryUser.ts';

/** /inventory-transfers: transfers between places, what is in transit and its value; dispatch, receive, cancel. */
export const TransfersPage = () => {
  const { t } = useTranslation('inventory');
  const { email, money, language } = useInventoryUser();
  const transfers = useTransfers();
  const items = useItems(email);
  const act = useTransferAction();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ transfer: TTransfer; action: TTransferAction } | null>(null);
  const columns = useMemo<GridColDef<TTransfer>[]>(() => [
    { field: 'number', headerName: t('transfers.number'), width: 110 },
    { field: 'createdAt', headerName: t('common.date'), width: 170, valueFormatter: (v: string) => formatDateTime(v, language) },
    { field: 'fromPlace', headerName: t('transfers.from'), flex: 1, minWidth: 130 },
    { field: 'toPlace', headerName: t('transfers.to'), flex: 1, minWidth: 130 },
    { field: 'lines', headerName: t('transfers.items'), flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => row.lines.map((l) => `${l.name} ${l.quantity} ${l.unit}`).join(', ') },
    { field: 'status', headerName: t('transfers.status'), width: 130, renderCell: ({ row }) => <Chip size="small" label={t(`transfers.statuses.${row.status}`)} color={row.status === 'in_transit' ? 'warning' : row.status === 'received' ? 'success' : 'default'} /> },
    { field: 'inTransitValueMinor', headerName: t('transfers.inTransitValue'), type: 'number', width: 150, valueFormatter: (v: number) => money(v) },
    {
      field: 'actions', headerName: t('transfers.actions'), width: 260, sortable: false, filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          {row.status === 'draft' ? <Button size="small" onClick={() => setPending({ transfer: row, action: 'dispatch' })}>{t('transfers.dispatch')}</Button> : null}
          {row.status === 'in_transit' ? <Button size="small" onClick={() => setPending({ transfer: row, action: 'receive' })}>{t('transfers.receive')}</Button> : null}
          {row.status === 'draft' || row.status === 'in_transit' ? <Button size="small" color="error" onClick={() => setPending({ transfer: row, action: 'cancel' })}>{t('transfers.cancel')}</Button> : null}
        </Stack>
      ),
    },
  ], [t, money, language]);
  const rows = transfers.data ?? [];
  return (
    <Box>
      <PageHeader title={t('transfers.title')} description={t('transfers.description')}
        actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>{t('transfers.add')}</Button>} />
      <Card>
        {transfers.isError ? (
          <EmptyState Icon={LocalShippingIcon} title={t('common.loadFailed')} action={<Button onClick={() => void transfers.refetch()}>{t('common.retry')}</Button>} />
        ) : !transfers.isLoading && rows.length === 0 ? (
          <EmptyState Icon={LocalShippingIcon} title={t('transfers.emptyTitle')} body={t('transfers.emptyBody')} action={<Button variant="contained" onClick={() => setAdding(true)}>{t('transfers.add')}</Button>} />
        ) : (
          <DataTable<TTransfer> label={t('transfers.title')} rows={rows} columns={columns} loading={transfers.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />
        )}
      </Card>
      <TransferDialog open={adding} items={items.data ?? []} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={!!pending}
        title={pending ? t(`transfers.confirm.${pending.action}`, { number: pending.transfer.number, from: pending.transfer.fromPlace, to: pending.transfer.toPlace }) : ''}
        body={pending ? t(`transfers.confirmBody.${pending.action}`) : ''}
        confirmLabel={pending ? t(`transfers.${pending.action}`) : ''}
        destructive={pending?.action === 'cancel'}
        busy={act.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate({ id: pending.transfer._id, action: pending.action }, {
          onSuccess: () => setPending(null),
          onError: (err) => { setPending(null); flash(displayError(t, err), 'error'); },
        })}
      />
    </Box>
  );
};
