import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/EditOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PaymentsIcon from '@mui/icons-material/Payments';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import WarningIcon from '@mui/icons-material/WarningAmber';
import type { TInventoryItem, TMovementKind } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useQueryParam } from '../../../shared/useQueryParam.ts';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { downloadStock, useDeleteItem, useItems, useTotalValue } from '../api.ts';
import { ItemDialog } from '../components/ItemDialog.tsx';
import { ItemImportDialog } from '../components/ItemImportDialog.tsx';
import { MoveDialog } from '../components/MoveDialog.tsx';
import { MasterItemsPanel } from '../components/MasterItemsPanel.tsx';
import { StockState } from '../components/StockState.tsx';
import { useInventoryUser } from '../components/useInventoryUser.ts';

/** /inventory: every item with stock, value and reorder state; receive, issue and record use per row. */
export const InventoryPage = () => {
  // In the address (issue 30): the dashboard opens ?stock=low, a notification ?item=<id>.
  const [stock, setStock] = useQueryParam('stock');
  const [itemId, setItemId] = useQueryParam('item');
  const { t } = useTranslation('inventory');
  const { email, currency, language } = useInventoryUser();
  const items = useItems(email);
  const value = useTotalValue(email);
  const remove = useDeleteItem();
  const [editing, setEditing] = useState<{ open: boolean; item: TInventoryItem | null }>({ open: false, item: null });
  const [moving, setMoving] = useState<{ item: TInventoryItem | null; kind: TMovementKind }>({ item: null, kind: 'instock' });
  const [deleting, setDeleting] = useState<TInventoryItem | null>(null);
  const [importing, setImporting] = useState(false);
  const all = items.data ?? [];
  const low = all.filter((i) => i.isAtReorderLevel).length;
  const rows = itemId ? all.filter((i) => i._id === itemId) : stock === 'low' ? all.filter((i) => i.isAtReorderLevel) : all;
  const showAll = () => { setItemId(null); setStock(null); };
  const projects = [...new Set(all.map((i) => i.tagName))].sort((a, b) => a.localeCompare(b));

  const columns = useMemo<GridColDef<TInventoryItem>[]>(() => [
    { field: 'name', headerName: t('items.name'), flex: 1, minWidth: 170 },
    { field: 'sku', headerName: t('items.sku'), width: 110, valueGetter: (v: string | null) => v ?? '' },
    {
      field: 'tagName', headerName: t('common.project'), width: 150,
      renderCell: ({ row }) => <Link component={RouterLink} to={`/inventory/${encodeURIComponent(email)}/${encodeURIComponent(row.tagName)}`}>{row.tagName}</Link>,
    },
    { field: 'quantity', headerName: t('common.quantity'), type: 'number', width: 130, valueFormatter: (v: number, row) => `${v} ${row.unit}` },
    { field: 'isAtReorderLevel', headerName: t('items.state'), width: 130, renderCell: ({ row }) => <StockState item={row} /> },
    moneyColumn('averageCostMinor', t('items.averageCost'), { currency, language, flex: undefined, width: 150 }),
    moneyColumn('stockValueMinor', t('items.stockValue'), { currency, language, flex: undefined, width: 160 }),
    {
      field: 'actions', headerName: t('common.actions'), width: 330, sortable: false, filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {(['instock', 'outstock', 'usedstock'] as const).map((kind) => (
            <Button key={kind} size="small" onClick={() => setMoving({ item: row, kind })}>{t(`move.${kind}`)}</Button>
          ))}
          <Tooltip title={t('common.edit')}><IconButton size="small" aria-label={`${t('common.edit')} ${row.name}`} onClick={() => setEditing({ open: true, item: row })}><EditIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title={t('common.delete')}><IconButton size="small" aria-label={`${t('common.delete')} ${row.name}`} onClick={() => setDeleting(row)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
        </Stack>
      ),
    },
  ], [t, currency, language, email]);

  const exportAs = (format: 'csv' | 'xlsx') => downloadStock(email, format).catch((err: unknown) => flash(displayError(t, err), 'error'));

  return (
    <Box>
      <PageHeader
        title={t('items.title')}
        description={t('items.description')}
        actions={(
          <>
            <Button component={RouterLink} to="/inventory-transfers">{t('transfers.tab')}</Button><Button component={RouterLink} to="/inventory-counts">{t('counts.tab')}</Button>
            <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('csv')}>{t('common.exportCsv')}</Button>
            <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('xlsx')}>{t('common.exportXlsx')}</Button>
            <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>{t('import.open')}</Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ open: true, item: null })}>{t('items.add')}</Button>
          </>
        )}
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}><StatCard label={t('items.itemCount')} value={all.length} Icon={Inventory2Icon} color="#1d4ed8" loading={items.isLoading} /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><StatCard label={t('items.totalValue')} value={<Money compact minor={value.data?.totalValueMinor ?? 0} currency={currency} />} Icon={PaymentsIcon} color="#0f766e" loading={value.isLoading} /></Grid>
        <Grid size={{ xs: 12, sm: 4 }}><StatCard label={t('items.lowCount')} value={low} Icon={WarningIcon} color="#b45309" loading={items.isLoading} /></Grid>
      </Grid>
      {itemId || stock === 'low' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="inventory-filtered" action={<Button color="inherit" size="small" onClick={showAll}>{t('items.showAll')}</Button>}>
          {t(itemId ? 'items.showingOne' : 'items.showingLow')}
        </Alert>
      ) : null}
      {projects.length ? (
        // Issue 30: each project's stock (/inventory/{email}/{tag}) one click from here, on a phone too (its list keeps name and actions).
        <Stack component="nav" aria-label={t('items.byProject')} direction="row" sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('items.byProject')}:</Typography>
          {projects.map((tag) => (
            <Link key={tag} component={RouterLink} to={`/inventory/${encodeURIComponent(email)}/${encodeURIComponent(tag)}`} sx={{ py: 0.5 }}>{tag}</Link>
          ))}
        </Stack>
      ) : null}
      <Card>
        {items.isError ? (
          <EmptyState Icon={Inventory2Icon} title={t('common.loadFailed')} action={<Button onClick={() => void items.refetch()}>{t('common.retry')}</Button>} />
        ) : !items.isLoading && all.length === 0 ? (
          <EmptyState Icon={Inventory2Icon} title={t('items.emptyTitle')} body={t('items.emptyBody')} action={<Button variant="contained" onClick={() => setEditing({ open: true, item: null })}>{t('items.add')}</Button>} />
        ) : (
          <DataTable<TInventoryItem> label={t('items.title')} rows={rows} columns={columns} loading={items.isLoading} getRowId={(r) => r._id} columnBufferPx={2000} />
        )}
      </Card>
      <MasterItemsPanel />
      <ItemImportDialog open={importing} onClose={() => setImporting(false)} />
      <ItemDialog open={editing.open} item={editing.item} onClose={() => setEditing({ open: false, item: null })} />
      <MoveDialog item={moving.item} kind={moving.kind} email={email} onClose={() => setMoving((m) => ({ ...m, item: null }))} />
      <ConfirmDialog
        open={!!deleting}
        title={t('common.confirmDelete', { name: deleting?.name ?? '' })}
        body={t('common.confirmDeleteBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError: (err) => { setDeleting(null); flash(displayError(t, err), 'error'); } })}
      />
    </Box>
  );
};
