import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { TStockCount } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useCount, useCounts, useCreateCount } from '../transfersApi.ts';
import { CountSheet } from '../components/CountSheet.tsx';
import { useInventoryUser } from '../components/useInventoryUser.ts';

/** /inventory-counts: count sheets per place; ?count=<id> opens one. */
export const CountsPage = () => {
  const { t } = useTranslation('inventory');
  const { money, language } = useInventoryUser();
  const [params, setParams] = useSearchParams();
  const openId = params.get('count');
  const counts = useCounts();
  const open = useCount(openId);
  const create = useCreateCount();
  const [placeId, setPlaceId] = useState<string | null>(null);
  const columns = useMemo<GridColDef<TStockCount>[]>(() => [
    { field: 'number', headerName: t('counts.number'), width: 110 },
    { field: 'createdAt', headerName: t('common.date'), width: 170, valueFormatter: (v: string) => formatDateTime(v, language) },
    { field: 'place', headerName: t('counts.place'), flex: 1, minWidth: 140 },
    { field: 'counted', headerName: t('counts.countedLines'), width: 120, type: 'number', valueGetter: (v: number, row) => `${v} / ${row.lines.length}` },
    { field: 'varianceValueMinor', headerName: t('counts.varianceValue'), type: 'number', width: 150, valueFormatter: (v: number) => money(v) },
    { field: 'status', headerName: t('counts.status'), width: 170, renderCell: ({ row }) => <Chip size="small" label={t(`counts.statuses.${row.status}`)} color={row.status === 'awaiting_approval' ? 'warning' : row.status === 'posted' ? 'success' : 'default'} /> },
    { field: 'open', headerName: t('common.actions'), width: 100, sortable: false, filterable: false, renderCell: ({ row }) => <Button size="small" onClick={() => setParams({ count: row._id })}>{t('counts.open')}</Button> },
  ], [t, money, language, setParams]);
  const rows = counts.data ?? [];
  const start = () => placeId && create.mutate(placeId, {
    onSuccess: (res) => { setPlaceId(null); if (res.data) setParams({ count: res.data._id }); },
    onError: (err) => flash(displayError(t, err), 'error'),
  });
  return (
    <Box>
      <PageHeader title={t('counts.title')} description={t('counts.description')} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1 }}><PlacePicker label={t('counts.place')} kinds={['store', 'site', 'project']} value={placeId} onChange={(p) => setPlaceId(p?._id ?? null)} /></Box>
            <Button variant="contained" disabled={!placeId || create.isPending} onClick={start}>{t('counts.start')}</Button>
          </Stack>
        </CardContent>
      </Card>
      {openId && open.data ? <Card sx={{ mb: 2 }}><CardContent><CountSheet count={open.data} money={money} /></CardContent></Card> : null}
      <Card>
        {counts.isError ? (
          <EmptyState Icon={FactCheckIcon} title={t('common.loadFailed')} action={<Button onClick={() => void counts.refetch()}>{t('common.retry')}</Button>} />
        ) : !counts.isLoading && rows.length === 0 ? (
          <EmptyState Icon={FactCheckIcon} title={t('counts.emptyTitle')} body={t('counts.emptyBody')} />
        ) : (
          <DataTable<TStockCount> label={t('counts.title')} rows={rows} columns={columns} loading={counts.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />
        )}
      </Card>
    </Box>
  );
};
