import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TCollectionPoint, TInventoryItem, TRequisition } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { portalRequest } from '../../portal/portalSession.ts';
import { INVENTORY_KEY, REQUISITIONS_KEY } from '../api.ts';
import { RequisitionDialog } from './RequisitionDialog.tsx';
import { RequisitionStatus } from '../../../shared/ui/RequisitionStatus.tsx';
import { EnergyEntryDialog } from '../../costs/components/EnergyEntryDialog.tsx';

const enc = encodeURIComponent;

/** At a collection point: the point's stock, requesting material, recording use and energy, and its requisitions. */
export const CollectorStockPanel = ({ token, point }: { token: string; point: TCollectionPoint }) => {
  const { t } = useTranslation('inventory');
  const email = point.userEmail;
  const items = useQuery({
    queryKey: [...INVENTORY_KEY, 'collector', point._id],
    queryFn: async ({ signal }) => (await portalRequest<TInventoryItem[]>(`/inventory/inventory-point/${enc(email)}/${enc(point.tagName)}`, { signal, token, kind: 'collector' })).data,
  });
  const requisitions = useQuery({
    queryKey: [...REQUISITIONS_KEY, 'collector', point._id],
    queryFn: async ({ signal }) => (await portalRequest<TRequisition[]>('/inventory/get-requisitions', { method: 'POST', body: { tagName: point.tagName, email }, signal, token, kind: 'collector' })).data,
  });
  const [requesting, setRequesting] = useState(false);
  const [energy, setEnergy] = useState(false);
  const reqColumns = useMemo<GridColDef<TRequisition>[]>(() => [
    { field: 'number', headerName: t('requisitions.number'), width: 130 },
    { field: 'items', headerName: t('requisitions.items'), flex: 1, minWidth: 180, valueGetter: (v: TRequisition['items']) => v.map((l) => `${l.itemName} × ${l.quantity}`).join(', ') },
    { field: 'status', headerName: t('common.status'), width: 120, renderCell: ({ row }) => <RequisitionStatus status={row.status} /> },
  ], [t]);
  const stock = items.data ?? [];
  return (
    <Card data-testid="collector-stock">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">{t('collector.request')}</Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => setRequesting(true)} disabled={stock.length === 0}>{t('collector.request')}</Button>
            <Button onClick={() => setEnergy(true)}>{t('energy.add')}</Button>
          </Stack>
        </Stack>
        {/* The stock itself, and recording its receipt, use and count, is the site phone's panel (features/collection, issue 34). */}
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>{t('collector.myRequisitions')}</Typography>
        {(requisitions.data ?? []).length === 0
          ? <Typography sx={{ color: 'text.secondary' }}>{t('collector.requestsEmpty')}</Typography>
          : <DataTable<TRequisition> label={t('collector.myRequisitions')} rows={requisitions.data ?? []} columns={reqColumns} getRowId={(r) => r._id} columnBufferPx={2000} />}
      </CardContent>
      <RequisitionDialog open={requesting} items={stock} fixedTag={point.tagName} token={token} onClose={() => setRequesting(false)} />
      <EnergyEntryDialog open={energy} email={email} fixedTag={point.tagName} token={token} onClose={() => setEnergy(false)} />
    </Card>
  );
};
