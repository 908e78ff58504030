import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutline';
import type { TInventoryItem } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCreateRequisition } from '../api.ts';

type TLine = { itemId: string; quantity: string };

/**
 * Asks for material: one or more items with quantities and a purpose. From the office the project is chosen
 * (the items offered are that project's); a collection point always asks for its own project (`fixedTag`).
 */
export const RequisitionDialog = ({ open, items, fixedTag, token, onClose }: { open: boolean; items: TInventoryItem[]; fixedTag?: string; token?: string; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const create = useCreateRequisition(token);
  const projects = [...new Set(items.map((i) => i.tagName))].sort();
  const [tagName, setTagName] = useState(fixedTag ?? '');
  const [purpose, setPurpose] = useState('');
  const [neededBy, setNeededBy] = useState('');
  const [lines, setLines] = useState<TLine[]>([{ itemId: '', quantity: '' }]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setTagName(fixedTag ?? projects[0] ?? '');
    setPurpose('');
    setNeededBy('');
    setLines([{ itemId: '', quantity: '' }]);
    setError(null);
  }, [open, fixedTag]);
  // The office may ask for any item of the business (issue 34): one entry per master item, whatever the project holds.
  const offered = fixedTag ? items : [...new Map(items.map((i) => [i.stockItemId, i])).values()].sort((a, b) => a.name.localeCompare(b.name));
  const heldHere = (i: TInventoryItem) => items.find((x) => x.stockItemId === i.stockItemId && x.tagName === tagName)?.quantity ?? 0;
  const setLine = (index: number, patch: Partial<TLine>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!purpose.trim()) return setError(`${t('common.purpose')}: ${t('core:validation.required', { defaultValue: 'is required' })}`);
    const bad = lines.findIndex((l) => !l.itemId || !/^\d+(\.\d{1,3})?$/.test(l.quantity.trim()) || Number(l.quantity) <= 0);
    if (bad >= 0) return setError(`${t('requisitions.item')} ${bad + 1}: ${t('common.quantity')}`);
    create.mutate({
      ...(fixedTag ? {} : { tagName }), purpose: purpose.trim(), ...(neededBy ? { neededBy } : {}),
      // A project's own stock row when it holds the item (approval issues from it, as before); otherwise the master item.
      items: lines.map((l) => {
        if (fixedTag) return { itemId: l.itemId, quantity: Number(l.quantity) };
        const row = items.find((x) => x.stockItemId === l.itemId && x.tagName === tagName);
        return row ? { itemId: row._id, quantity: Number(l.quantity) } : { stockItemId: l.itemId, quantity: Number(l.quantity) };
      }),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('requisitions.addTitle')} submitLabel={t('requisitions.add')} busy={create.isPending} error={error} onSubmit={submit} onClose={onClose}>
      {fixedTag ? null : (
        <TextField select label={t('common.project')} value={tagName} onChange={(e) => { setTagName(e.target.value); setLines([{ itemId: '', quantity: '' }]); }} required>
          {projects.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
        </TextField>
      )}
      {lines.map((line, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select label={`${t('requisitions.item')} ${index + 1}`} value={line.itemId} onChange={(e) => setLine(index, { itemId: e.target.value })} required sx={{ flex: 2 }}>
            {offered.map((i) => (fixedTag
              ? <MenuItem key={i._id} value={i._id}>{`${i.name} (${i.quantity} ${i.unit})`}</MenuItem>
              : <MenuItem key={i.stockItemId} value={i.stockItemId}>{`${i.name} (${heldHere(i)} ${i.unit})`}</MenuItem>))}
          </TextField>
          <TextField label={t('common.quantity')} value={line.quantity} onChange={(e) => setLine(index, { quantity: e.target.value })} required sx={{ flex: 1 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          {lines.length > 1 ? <IconButton aria-label={`${t('common.delete')} ${index + 1}`} onClick={() => setLines((ls) => ls.filter((_, i) => i !== index))}><RemoveIcon /></IconButton> : null}
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => setLines((ls) => [...ls, { itemId: '', quantity: '' }])} sx={{ alignSelf: 'flex-start' }}>{t('requisitions.addLine')}</Button>
      <TextField label={t('common.purpose')} value={purpose} onChange={(e) => setPurpose(e.target.value)} required multiline minRows={2} />
      <TextField type="date" label={t('requisitions.neededBy')} value={neededBy} onChange={(e) => setNeededBy(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
};
