import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import type { TOrder } from '@bizdesk/contract';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useOrders } from '../api.ts';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { LoadError, StatusChip, useProcurementTexts } from './ProcurementUi.tsx';

const STATUSES = ['all', 'pending', 'approved', 'open', 'received', 'cancelled'] as const;

/** One page of orders of one type from the server, with status filter and search; a row opens the order. */
export const OrdersTable = ({ POType, onOpen, empty }: { POType: 'regular' | 'standing'; onOpen: (id: string) => void; empty: { title: string; body: string } }) => {
  const { t, user, money, language } = useProcurementTexts();
  // In the address (issue 30): the dashboard's "Orders awaiting approval" opens ?status=pending.
  const [statusParam, setStatus] = useQueryParam('status');
  const status = oneOf(statusParam, STATUSES, 'all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const query = useOrders(user.ownerEmail, { POType, status, search: search.trim() || undefined, page: page.page + 1, limit: page.pageSize });
  const columns: GridColDef<TOrder>[] = [
    { field: 'invoiceNumber', headerName: t('fields.orderNumber'), width: 120 },
    { field: 'vendor', headerName: t('fields.vendor'), flex: 1, minWidth: 160, valueGetter: (_v, row) => row.vendor.name },
    { field: 'description', headerName: t('fields.description'), flex: 1.3, minWidth: 180 },
    POType === 'regular'
      ? moneyColumn('totalMinor', t('common.total'), { currency: (row) => row.currency, language, flex: undefined, width: 160 })
      : { field: 'drawnMinor', headerName: `${t('fields.drawn')} / ${t('fields.ceiling')}`, width: 220, align: 'right', headerAlign: 'right', valueGetter: (_v, row) => `${money(row.drawnMinor, row.currency)} / ${money(row.ceilingMinor, row.currency)}` },
    { field: 'approvalStatus', headerName: t('fields.approval'), width: 160, renderCell: ({ row }) => <StatusChip status={row.approvalStatus} /> },
    POType === 'regular'
      ? { field: 'receiptStatus', headerName: t('fields.receipt'), width: 150, renderCell: ({ row }) => <StatusChip status={row.receiptStatus} /> }
      : { field: 'validTo', headerName: t('fields.validTo'), width: 130, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'createdAt', headerName: t('fields.createdAt'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
  ];
  const isEmpty = query.data && query.data.totalRecords === 0 && status === 'all' && !search;
  return (
    <>
      {/* Fields are full width by theme: in a row the filter keeps its own width, or it crushed the search box to 28 px. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label={t('orders.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage({ ...page, page: 0 }); }} sx={{ flex: 1 }} />
        <TextField size="small" select label={t('orders.filter')} value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage({ ...page, page: 0 }); }} sx={{ minWidth: 200, flex: { sm: '0 0 220px' } }}>
          {STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`status.${s}`)}</MenuItem>)}
        </TextField>
      </Stack>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {isEmpty ? <EmptyState Icon={ShoppingCartIcon} title={empty.title} body={empty.body} compact headingLevel="h2" /> : (
        <DataTable
          label={t(POType === 'regular' ? 'orders.label' : 'standing.label')} rows={query.data?.rows ?? []} columns={columns} getRowId={(r) => r._id} loading={query.isFetching}
          paginationMode="server" rowCount={query.data?.totalRecords ?? 0} paginationModel={page} onPaginationModelChange={setPage}
          onRowClick={({ row }) => onOpen(row._id)} sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      )}
    </>
  );
};
