import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TInventoryItem } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { useCreateItem, useUpdateItem } from '../api.ts';

/** Where stock is kept: a store or a site (older stock may still sit at a project). */
const STOCK_PLACES = ['store', 'site', 'project'] as const;

const EMPTY = { tagName: '', name: '', sku: '', unit: '', category: '', reorderLevel: '', quantity: '', unitCost: '' };
const QTY = /^\d+(\.\d{1,3})?$/;

/** Add an item (with its opening stock) or edit one; stock itself changes only through movements. */
export const ItemDialog = ({ open, item, onClose }: { open: boolean; item: TInventoryItem | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('inventory');
  const create = useCreateItem();
  const update = useUpdateItem();
  const [form, setForm] = useState(EMPTY);
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setError(null);
    setPlaceId(item?.locationId ?? null);
    setForm(item ? { ...EMPTY, tagName: item.tagName, name: item.name, sku: item.sku ?? '', unit: item.unit, category: item.category ?? '', reorderLevel: String(item.reorderLevel) } : EMPTY);
  }, [open, item]);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    for (const k of ['tagName', 'name', 'unit'] as const) if (!form[k].trim()) return setError(`${t(k === 'tagName' ? 'items.location' : `items.${k}`)}: ${t('core:validation.required', { defaultValue: 'is required' })}`);
    for (const k of ['reorderLevel', 'quantity'] as const) if (form[k].trim() && !QTY.test(form[k].trim())) return setError(`${t(k === 'quantity' ? 'items.openingQuantity' : 'items.reorderLevel')}: 12, 12.5`);
    const unitCost = form.unitCost.trim() ? parseMoneyInput(form.unitCost, i18n.resolvedLanguage ?? 'en') : undefined;
    if (unitCost === null) return setError(`${t('items.unitCost')}: ${form.unitCost}`);
    const base = { tagName: form.tagName.trim(), name: form.name.trim(), unit: form.unit.trim(), ...(form.reorderLevel.trim() ? { reorderLevel: Number(form.reorderLevel) } : {}) };
    const done = { onSuccess: onClose, onError: (err: unknown) => setError(displayError(t, err)) };
    if (item) update.mutate({ id: item._id, ...base, sku: form.sku.trim(), category: form.category.trim() }, done);
    else create.mutate({ ...base, sku: form.sku.trim() || null, category: form.category.trim() || null, ...(form.quantity.trim() ? { quantity: Number(form.quantity) } : {}), ...(unitCost ? { unitCost } : {}) }, done);
  };
  return (
    <FormDialog open={open} title={item ? t('items.editTitle', { name: item.name }) : t('items.addTitle')} submitLabel={t('common.save')} busy={create.isPending || update.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={t('items.name')} value={form.name} onChange={set('name')} required autoFocus />
      <PlacePicker label={t('items.location')} kinds={STOCK_PLACES} createAs="store" value={placeId} required name="tagName"
        onChange={(place) => { setPlaceId(place?._id ?? null); setForm((f) => ({ ...f, tagName: place?.name ?? '' })); }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('items.unit')} value={form.unit} onChange={set('unit')} required fullWidth />
        <TextField label={t('items.sku')} value={form.sku} onChange={set('sku')} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('items.category')} value={form.category} onChange={set('category')} fullWidth />
        <TextField label={t('items.reorderLevel')} value={form.reorderLevel} onChange={set('reorderLevel')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Stack>
      {item ? null : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('items.openingQuantity')} value={form.quantity} onChange={set('quantity')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField label={t('items.unitCost')} value={form.unitCost} onChange={set('unitCost')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        </Stack>
      )}
    </FormDialog>
  );
};
