import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { TPurchaseRequest } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutations.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { PROCUREMENT_KEY, useOrders } from '../../orders/api.ts';

const REQUESTS_KEY = [...PROCUREMENT_KEY, 'purchase-requests'] as const;

/** /purchase-requests: what requisitions could not get from a store; a buyer marks each ordered on a purchase order. */
export const PurchaseRequestsPage = () => {
  const { t, i18n } = useTranslation('procurement');
  const user = useCurrentUser();
  const language = i18n.resolvedLanguage ?? 'en';
  const requests = useQuery({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => apiData<TPurchaseRequest[]>('/orders/purchase-requests', { signal }) });
  const orders = useOrders(user.ownerEmail, { POType: 'regular', page: 1, limit: 100 });
  const order = useApiMutation(({ id, orderId }: { id: string; orderId: string }) =>
    apiRequest<TPurchaseRequest>(`/orders/purchase-requests/${encodeURIComponent(id)}/order`, { method: 'POST', body: { orderId } }), { invalidate: [PROCUREMENT_KEY] });
  const [ordering, setOrdering] = useState<TPurchaseRequest | null>(null);
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const columns = useMemo<GridColDef<TPurchaseRequest>[]>(() => [
    { field: 'number', headerName: t('purchaseRequests.number'), width: 110 },
    { field: 'createdAt', headerName: t('purchaseRequests.date'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'name', headerName: t('purchaseRequests.item'), flex: 1, minWidth: 140 },
    { field: 'quantity', headerName: t('purchaseRequests.quantity'), type: 'number', width: 120, valueFormatter: (v: number, row) => `${v} ${row.unit}` },
    { field: 'place', headerName: t('purchaseRequests.place'), width: 150 },
    { field: 'requisitionNumber', headerName: t('purchaseRequests.requisition'), width: 130 },
    { field: 'status', headerName: t('purchaseRequests.status'), width: 170, renderCell: ({ row }) => <Chip size="small" color={row.status === 'open' ? 'warning' : 'success'} label={row.status === 'open' ? t('purchaseRequests.open') : t('purchaseRequests.orderedOn', { order: row.orderNumber ?? '' })} /> },
    { field: 'actions', headerName: t('common.actions'), width: 150, sortable: false, filterable: false, renderCell: ({ row }) => row.status === 'open' ? <Button size="small" onClick={() => { setOrderId(''); setError(null); setOrdering(row); }}>{t('purchaseRequests.markOrdered')}</Button> : null },
  ], [t, language]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ordering || !orderId) return setError(`${t('purchaseRequests.order')}: ${t('purchaseRequests.required')}`);
    order.mutate({ id: ordering._id, orderId }, { onSuccess: () => setOrdering(null), onError: (err) => setError(displayError(t, err)) });
  };
  const rows = requests.data ?? [];
  return (
    <Box>
      <PageHeader title={t('purchaseRequests.title')} description={t('purchaseRequests.description')} />
      <Card>
        {!requests.isLoading && rows.length === 0 ? (
          <EmptyState Icon={ShoppingCartIcon} title={t('purchaseRequests.emptyTitle')} body={t('purchaseRequests.emptyBody')} />
        ) : (
          <DataTable<TPurchaseRequest> label={t('purchaseRequests.title')} rows={rows} columns={columns} loading={requests.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />
        )}
      </Card>
      <FormDialog open={!!ordering} title={t('purchaseRequests.markTitle', { number: ordering?.number ?? '' })} submitLabel={t('purchaseRequests.markOrdered')} busy={order.isPending} error={error} onSubmit={submit} onClose={() => setOrdering(null)}>
        <TextField select label={t('purchaseRequests.order')} value={orderId} onChange={(e) => setOrderId(e.target.value)} required>
          {(orders.data?.rows ?? []).map((o) => <MenuItem key={o._id} value={o._id}>{`${o.invoiceNumber} · ${o.vendor.name}`}</MenuItem>)}
        </TextField>
      </FormDialog>
    </Box>
  );
};
