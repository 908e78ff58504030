import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import type { TStockItem } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { useCreateStockItem, useStockAtPlace, useStockItems } from '../api.ts';

const STOCK_PLACES = ['store', 'site', 'project'] as const;
const QTY = /^\d+(\.\d{1,3})?$/;

/** Keep a master item at another store or site, with that place's own reorder level. */
const AddPlaceDialog = ({ item, onClose }: { item: TStockItem | null; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const add = useStockAtPlace();
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [reorder, setReorder] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!item) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!placeId) return setError(`${t('items.location')}: ${t('master.choosePlace')}`);
    if (reorder.trim() && !QTY.test(reorder.trim())) return setError(`${t('items.reorderLevel')}: 12, 12.5`);
    add.mutate({ id: item._id, locationId: placeId, ...(reorder.trim() ? { reorderLevel: Number(reorder) } : {}) }, {
      onSuccess: () => { setPlaceId(null); setReorder(''); onClose(); },
      onError: (err) => setError(displayError(t, err)),
    });
  };
  return (
    <FormDialog open title={t('master.addPlaceTitle', { name: item.name })} submitLabel={t('common.save')} busy={add.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <PlacePicker label={t('items.location')} kinds={STOCK_PLACES} value={placeId} onChange={(p) => setPlaceId(p?._id ?? null)} required />
      <TextField label={t('items.reorderLevel')} value={reorder} onChange={(e) => setReorder(e.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </FormDialog>
  );
};

/** A new master item: what it is, once (name, SKU, unit, category, another unit it is bought in). */
const NewMasterDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const create = useCreateStockItem();
  const [form, setForm] = useState({ name: '', sku: '', unit: '', category: '', altUnit: '', factor: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    for (const k of ['name', 'unit'] as const) if (!form[k].trim()) return setError(`${t(`items.${k}`)}: ${t('master.required')}`);
    const hasConversion = Boolean(form.altUnit.trim() || form.factor.trim());
    if (hasConversion && (!form.altUnit.trim() || !(Number(form.factor.replace(',', '.')) > 0))) return setError(`${t('master.conversion')}: ${t('master.conversionHelp')}`);
    create.mutate({
      name: form.name.trim(), unit: form.unit.trim(), sku: form.sku.trim() || null, category: form.category.trim() || null,
      conversions: hasConversion ? [{ unit: form.altUnit.trim(), factor: Number(form.factor.replace(',', '.')) }] : [],
    }, { onSuccess: () => { setForm({ name: '', sku: '', unit: '', category: '', altUnit: '', factor: '' }); onClose(); }, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('master.newTitle')} submitLabel={t('common.save')} busy={create.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={t('items.name')} value={form.name} onChange={set('name')} required autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('items.unit')} value={form.unit} onChange={set('unit')} required fullWidth />
        <TextField label={t('items.sku')} value={form.sku} onChange={set('sku')} fullWidth />
      </Stack>
      <TextField label={t('items.category')} value={form.category} onChange={set('category')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('master.altUnit')} value={form.altUnit} onChange={set('altUnit')} fullWidth helperText={t('master.conversionHelp')} />
        <TextField label={t('master.factor', { unit: form.unit.trim() || '…' })} value={form.factor} onChange={set('factor')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Stack>
    </FormDialog>
  );
};

/** The item master (issue 34): one row per item with its stock at each place, filtered by place and searched by name or SKU. */
export const MasterItemsPanel = () => {
  const { t } = useTranslation('inventory');
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [adding, setAdding] = useState<TStockItem | null>(null);
  const [creating, setCreating] = useState(false);
  const masters = useStockItems({ page: paging.page + 1, limit: paging.pageSize, q: q.trim() || undefined, locationId: placeId ?? undefined });
  const columns = useMemo<GridColDef<TStockItem>[]>(() => [
    { field: 'name', headerName: t('items.name'), flex: 1, minWidth: 160 },
    { field: 'sku', headerName: t('items.sku'), width: 120 },
    { field: 'unit', headerName: t('items.unit'), width: 110 },
    { field: 'totalQuantity', headerName: t('master.total'), type: 'number', width: 120 },
    {
      field: 'stock', headerName: t('master.perPlace'), flex: 2, minWidth: 220, sortable: false,
      valueGetter: (_v, row) => row.stock.map((s) => `${s.locationName}: ${s.quantity}${s.isAtReorderLevel ? ` (${t('items.low')})` : ''}`).join(' · ') || t('master.nowhere'),
    },
    {
      field: 'conversions', headerName: t('master.conversion'), width: 160, sortable: false,
      valueGetter: (_v, row) => row.conversions.map((c) => `1 ${c.unit} = ${c.factor} ${row.unit}`).join(', '),
    },
    {
      field: 'actions', type: 'actions', headerName: t('common.actions'), width: 170,
      renderCell: ({ row }) => <Button size="small" onClick={() => setAdding(row)}>{t('master.addPlace')}</Button>,
    },
  ], [t]);
  return (
    <Card sx={{ mt: 3, p: 2 }} component="section" aria-labelledby="master-items-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography id="master-items-title" variant="h6" component="h2" sx={{ flex: 1 }}>{t('master.title')}</Typography>
        <Button variant="outlined" onClick={() => setCreating(true)}>{t('master.new')}</Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <PlacePicker label={t('master.filterPlace')} kinds={STOCK_PLACES} value={placeId} onChange={(p) => { setPlaceId(p?._id ?? null); setPaging((x) => ({ ...x, page: 0 })); }} />
        <TextField label={t('master.search')} value={q} onChange={(e) => { setQ(e.target.value); setPaging((x) => ({ ...x, page: 0 })); }} />
      </Stack>
      <DataTable<TStockItem>
        label={t('master.title')}
        rows={masters.data?.rows ?? []}
        columns={columns}
        loading={masters.isFetching}
        getRowId={(r) => r._id}
        paginationMode="server"
        rowCount={masters.data?.totalRecords ?? 0}
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[25, 50, 100]}
      />
      <AddPlaceDialog item={adding} onClose={() => setAdding(null)} />
      <NewMasterDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
};
