import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { MOVEMENT_KINDS, type TMovementKind, type TStockMovement } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useLogs } from '../api.ts';
import { useInventoryUser } from '../components/useInventoryUser.ts';

/** /inventory-records: the movement log, filtered and paged on the server; the toolbar exports what is shown. */
export const InventoryRecordsPage = () => {
  const { t } = useTranslation('inventory');
  const { email, money, language } = useInventoryUser();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [kind, setKind] = useState<TMovementKind | ''>('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const logs = useLogs(email, { page: paging.page + 1, limit: paging.pageSize, kind: kind || undefined, search: search.trim() || undefined, from: from || undefined, to: to || undefined });
  const columns = useMemo<GridColDef<TStockMovement>[]>(() => [
    { field: 'createdAt', headerName: t('common.date'), width: 150, valueFormatter: (v: string) => formatDateTime(v, language) },
    { field: 'kind', headerName: t('records.kind'), width: 110, valueGetter: (v: TMovementKind) => t(`kinds.${v}`) },
    { field: 'itemName', headerName: t('records.item'), flex: 1, minWidth: 130 },
    { field: 'quantity', headerName: t('common.quantity'), type: 'number', width: 120, valueFormatter: (v: number, row) => `${v} ${row.unit}` },
    { field: 'tagName', headerName: t('records.location'), width: 130 },
    // Issue 34: who recorded it (the signed-in user) and who received or used it (the employee) are two people.
    { field: 'recordedByName', headerName: t('records.recordedBy'), width: 140, valueGetter: (v: string | null, row) => v ?? t(`records.actor.${row.recordedBy}`, { defaultValue: row.recordedBy }) },
    { field: 'employeeNumber', headerName: t('records.employee'), width: 170, valueGetter: (v: string, row) => (row.employeeName ? `${row.employeeName} (${v})` : v) },
    // The GRN's order number and date (referenceLabel), never the ids of the idempotency key.
    { field: 'reference', headerName: t('common.reference'), width: 160, valueGetter: (v: string | null, row) => row.referenceLabel ?? v },
    { field: 'balanceAfter', headerName: t('records.balance'), type: 'number', width: 120 },
    { field: 'valueMinor', headerName: t('records.value'), type: 'number', width: 140, valueFormatter: (v: number) => money(v) },
    { field: 'purpose', headerName: t('common.purpose'), width: 160 },
  ], [t, money, language]);
  const rows = logs.data?.rows ?? [];
  const filtered = Boolean(kind || search || from || to);
  return (
    <Box>
      <PageHeader title={t('records.title')} description={t('records.description')} />
      {/* Fields are full width by theme: in a row the others keep their own width, or they crushed the search box to 28 px. */}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField select label={t('records.kind')} value={kind} onChange={(e) => { setKind(e.target.value as TMovementKind | ''); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 180, flex: { md: '0 0 200px' } }}>
          <MenuItem value="">{t('records.all')}</MenuItem>
          {MOVEMENT_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`kinds.${k}`)}</MenuItem>)}
        </TextField>
        <TextField label={t('records.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ flex: 1 }} />
        <TextField type="date" label={t('records.from')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: { md: '0 0 170px' } }} />
        <TextField type="date" label={t('records.to')} value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: { md: '0 0 170px' } }} />
      </Stack>
      <Card>
        {!logs.isLoading && rows.length === 0 && !filtered ? (
          <EmptyState Icon={SwapVertIcon} title={t('records.emptyTitle')} body={t('records.emptyBody')} />
        ) : (
          <DataTable<TStockMovement>
            label={t('records.title')}
            rows={rows}
            columns={columns}
            loading={logs.isFetching}
            getRowId={(r) => r._id}
            columnBufferPx={2000}
            keyColumns={['tagName', 'recordedByName', 'employeeNumber', 'reference']}
            paginationMode="server"
            rowCount={logs.data?.totalRecords ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[25, 50, 100]}
          />
        )}
      </Card>
    </Box>
  );
};
