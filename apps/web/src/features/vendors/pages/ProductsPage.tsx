import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import EditIcon from '@mui/icons-material/Edit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import StorefrontIcon from '@mui/icons-material/Storefront';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { GridColDef } from '@mui/x-data-grid';
import type { TBoqSummary, TOrder, TVendor } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { LoadError, StatusChip, useProcurementTexts } from '../../orders/components/ProcurementUi.tsx';
import { useOrders } from '../../orders/api.ts';
import { useBoqs, useDeleteVendor, useVendors } from '../api.ts';
import { VendorDialog } from '../components/VendorDialog.tsx';
import { VendorImportDialog } from '../components/VendorImportDialog.tsx';
import { NewBoqDialog } from '../components/NewBoqDialog.tsx';
import { BoqDetailDialog } from '../components/BoqDetailDialog.tsx';

const VendorsTab = () => {
  const { t, user } = useProcurementTexts();
  const query = useVendors(user.ownerEmail);
  const remove = useDeleteVendor();
  const [editing, setEditing] = useState<TVendor | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TVendor | null>(null);
  const [importing, setImporting] = useState(false);
  // ?id=<vendor id> (the top-bar search) opens that vendor; closing it leaves the plain list in the address.
  const [linked, setLinked] = useQueryParam('id');
  const linkedVendor = linked ? query.data?.find((v) => v._id === linked) : undefined;
  useEffect(() => {
    if (linkedVendor) setEditing(linkedVendor);
  }, [linkedVendor]);
  const closeVendor = () => {
    setEditing(undefined);
    if (linked) setLinked(null);
  };
  const columns: GridColDef<TVendor>[] = [
    { field: 'name', headerName: t('fields.name'), flex: 1.4, minWidth: 180 },
    { field: 'contactName', headerName: t('fields.contactName'), flex: 1, minWidth: 140 },
    { field: 'email', headerName: t('fields.email'), flex: 1.2, minWidth: 180 },
    { field: 'phone', headerName: t('fields.phone'), minWidth: 130 },
    { field: 'categories', headerName: t('fields.categories'), flex: 1, minWidth: 150, valueGetter: (_v, row) => row.categories.join(', ') },
    { field: 'rating', headerName: t('fields.rating'), width: 110, type: 'number' },
    {
      field: 'actions', headerName: t('common.actions'), sortable: false, filterable: false, width: 110,
      renderCell: ({ row }) => (
        <>
          <IconButton aria-label={`${t('common.edit')} ${row.name}`} onClick={() => setEditing(row)}><EditIcon fontSize="small" /></IconButton>
          <IconButton aria-label={`${t('common.delete')} ${row.name}`} onClick={() => setDeleting(row)}><DeleteOutlineIcon fontSize="small" /></IconButton>
        </>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>{t('import.open')}</Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>{t('products.addVendor')}</Button>
      </Box>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? (
        <EmptyState Icon={StorefrontIcon} title={t('products.vendorsEmpty')} body={t('products.vendorsEmptyBody')} compact headingLevel="h2" />
      ) : (
        <DataTable label={t('products.vendorsLabel')} rows={query.data ?? []} columns={columns} getRowId={(r) => r._id} loading={query.isPending} />
      )}
      <VendorDialog open={editing !== undefined} vendor={editing} onClose={closeVendor} />
      <VendorImportDialog open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={!!deleting} destructive title={t('products.deleteVendor')} body={t('products.deleteVendorBody', { name: deleting?.name ?? '' })} confirmLabel={t('common.delete')}
        busy={remove.isPending} onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await remove.mutateAsync(deleting!._id).catch(() => undefined);
          setDeleting(null);
        }}
      />
    </>
  );
};

const BoqsTab = () => {
  const { t, user, language } = useProcurementTexts();
  const query = useBoqs(user.ownerEmail);
  const [creating, setCreating] = useState(false);
  // In the address (issue 30): a "Quote received" notification opens its BOQ (?contract=<contract id>).
  const [open, setOpen] = useQueryParam('contract');
  const columns: GridColDef<TBoqSummary>[] = [
    { field: 'contractId', headerName: t('fields.contractId'), minWidth: 130, flex: 0.8 },
    { field: 'projectTitle', headerName: t('fields.projectTitle'), flex: 1.4, minWidth: 180 },
    { field: 'businessName', headerName: t('fields.businessName'), flex: 1, minWidth: 150 },
    { field: 'status', headerName: t('fields.status'), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    { field: 'lineCount', headerName: t('products.lines'), width: 90, type: 'number' },
    { field: 'quoteCount', headerName: t('products.quotes'), width: 90, type: 'number' },
    { field: 'createdAt', headerName: t('fields.createdAt'), width: 130, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'open', headerName: t('common.actions'), sortable: false, filterable: false, width: 110, renderCell: ({ row }) => <Button size="small" onClick={() => setOpen(row.contractId)}>{t('common.open')}</Button> },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('products.newBoq')}</Button>
      </Box>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? (
        <EmptyState Icon={RequestQuoteIcon} title={t('products.boqsEmpty')} body={t('products.boqsEmptyBody')} compact headingLevel="h2" />
      ) : (
        <DataTable label={t('products.boqsLabel')} rows={query.data ?? []} columns={columns} phoneColumns={['projectTitle', 'open']} getRowId={(r) => r._id} loading={query.isPending} onRowDoubleClick={({ row }) => setOpen(row.contractId)} />
      )}
      <NewBoqDialog open={creating} onClose={() => setCreating(false)} onCreated={setOpen} />
      <BoqDetailDialog contractId={open} onClose={() => setOpen(null)} />
    </>
  );
};

const OpenOrdersTab = () => {
  const { t, user, money } = useProcurementTexts();
  const query = useOrders(user.ownerEmail, { status: 'open', page: 1, limit: 100 });
  const columns: GridColDef<TOrder>[] = [
    { field: 'invoiceNumber', headerName: t('fields.orderNumber'), width: 120 },
    { field: 'vendor', headerName: t('fields.vendor'), flex: 1, minWidth: 160, valueGetter: (_v, row) => row.vendor.name },
    { field: 'description', headerName: t('fields.description'), flex: 1.4, minWidth: 180 },
    { field: 'totalMinor', headerName: t('common.total'), width: 150, align: 'right', headerAlign: 'right', valueFormatter: (v: number, row) => money(v, row.currency) },
    { field: 'approvalStatus', headerName: t('fields.approval'), width: 150, renderCell: ({ row }) => <StatusChip status={row.approvalStatus} /> },
    { field: 'receiptStatus', headerName: t('fields.receipt'), width: 140, renderCell: ({ row }) => <StatusChip status={row.receiptStatus} /> },
  ];
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button component={RouterLink} to="/manage-po" variant="outlined">{t('products.managePo')}</Button>
      </Box>
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.rows.length === 0 ? (
        <EmptyState Icon={ShoppingCartIcon} title={t('products.openOrdersEmpty')} body={t('products.openOrdersEmptyBody')} compact headingLevel="h2" />
      ) : (
        <DataTable label={t('products.openOrdersLabel')} rows={query.data?.rows ?? []} columns={columns} getRowId={(r) => r._id} loading={query.isPending} />
      )}
    </>
  );
};

const PRODUCT_TABS = ['vendors', 'boqs', 'open'] as const;

/** /products: the procurement home — vendors, BOQs with their quotes, and open orders. */
export const ProductsPage = () => {
  const { t } = useProcurementTexts();
  const [tabParam, setTabParam] = useQueryParam('tab');
  const tab = Math.max(0, PRODUCT_TABS.indexOf(oneOf(tabParam, PRODUCT_TABS, 'vendors')));
  const setTab = (index: number) => setTabParam(PRODUCT_TABS[index] ?? null);
  return (
    <>
      <PageHeader title={t('products.title')} description={t('products.description')} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          <Tab label={t('products.tabVendors')} />
          <Tab label={t('products.tabBoqs')} />
          <Tab label={t('products.tabOpen')} />
        </Tabs>
        {tab === 0 ? <VendorsTab /> : tab === 1 ? <BoqsTab /> : <OpenOrdersTab />}
      </Paper>
    </>
  );
};
