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
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCreateTransfer } from '../transfersApi.ts';

type TLine = { stockItemId: string; quantity: string };
const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * A new transfer (saved as a draft): from one place to another, with the items the source holds and their
 * quantities. Dispatching it is a separate, confirmed step on the list.
 */
export const TransferDialog = ({ open, items, onClose }: { open: boolean; items: TInventoryItem[]; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const create = useCreateTransfer();
  const [from, setFrom] = useState<{ id: string; name: string } | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<TLine[]>([{ stockItemId: '', quantity: '' }]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setFrom(null);
    setTo(null);
    setNote('');
    setLines([{ stockItemId: '', quantity: '' }]);
    setError(null);
  }, [open]);
  const offered = from ? items.filter((i) => i.tagName === from.name && i.quantity > 0) : [];
  const setLine = (index: number, patch: Partial<TLine>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!from) return setError(`${t('transfers.from')}: ${t('transfers.required')}`);
    if (!to) return setError(`${t('transfers.to')}: ${t('transfers.required')}`);
    if (from.id === to) return setError(`${t('transfers.to')}: ${t('transfers.samePlace')}`);
    const bad = lines.findIndex((l) => !l.stockItemId || !QUANTITY.test(l.quantity.trim()) || Number(l.quantity) <= 0);
    if (bad >= 0) return setError(`${t('transfers.item')} ${bad + 1}: ${t('transfers.quantityInvalid')}`);
    create.mutate({
      fromPlaceId: from.id, toPlaceId: to, ...(note.trim() ? { note: note.trim() } : {}),
      lines: lines.map((l) => ({ stockItemId: l.stockItemId, quantity: Number(l.quantity) })),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('transfers.addTitle')} submitLabel={t('transfers.save')} busy={create.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <PlacePicker label={t('transfers.from')} kinds={['store', 'site', 'project']} value={from?.id ?? null} required
        onChange={(p) => { setFrom(p ? { id: p._id, name: p.name } : null); setLines([{ stockItemId: '', quantity: '' }]); }} />
      <PlacePicker label={t('transfers.to')} kinds={['store', 'site', 'project']} value={to} required onChange={(p) => setTo(p?._id ?? null)} />
      {lines.map((line, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select label={`${t('transfers.item')} ${index + 1}`} value={line.stockItemId} onChange={(e) => setLine(index, { stockItemId: e.target.value })}
            required disabled={!from} helperText={from && offered.length === 0 ? t('transfers.nothingHere') : undefined} sx={{ flex: 2, minWidth: 0 }}>
            {offered.map((i) => <MenuItem key={i._id} value={i.stockItemId}>{`${i.name} (${i.quantity} ${i.unit})`}</MenuItem>)}
          </TextField>
          <TextField label={t('transfers.quantity')} value={line.quantity} onChange={(e) => setLine(index, { quantity: e.target.value })} required sx={{ flex: 1, minWidth: 0 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          {lines.length > 1 ? <IconButton aria-label={`${t('transfers.removeLine')} ${index + 1}`} onClick={() => setLines((ls) => ls.filter((_, i) => i !== index))}><RemoveIcon /></IconButton> : null}
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => setLines((ls) => [...ls, { stockItemId: '', quantity: '' }])} sx={{ alignSelf: 'flex-start' }}>{t('transfers.addLine')}</Button>
      <TextField label={t('transfers.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
    </FormDialog>
  );
};
