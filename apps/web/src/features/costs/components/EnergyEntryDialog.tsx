import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ENERGY_KINDS, ENERGY_UNITS, type TEnergyKind } from '@bizdesk/contract';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { businessToday } from '../../../shared/format/dates.ts';
import { useTrackEnergy } from '../energyApi.ts';

/** One fuel or power entry: date, quantity, cost, manager and project (fixed at a collection point). */
export const EnergyEntryDialog = ({ open, email, businessName, fixedTag, token, onClose }: { open: boolean; email: string; businessName?: string; fixedTag?: string; token?: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('inventory');
  const track = useTrackEnergy(token);
  const initial = { date: businessToday(), kind: 'diesel', quantity: '', expenses: '', manager: '', tagName: fixedTag ?? '' };
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setForm(initial);
      setError(null);
    }
  }, [open]);
  const set = (k: keyof typeof initial) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const quantity = form.quantity.trim().replace(',', '.');
    if (!/^\d+(\.\d{1,3})?$/.test(quantity) || Number(quantity) <= 0) return setError(`${t('energy.quantity')}: 12, 12.5`);
    const expenses = parseMoneyInput(form.expenses, i18n.resolvedLanguage ?? 'en');
    if (!expenses) return setError(`${t('energy.expenses')}: ${form.expenses || '—'}`);
    if (!fixedTag && !placeId) return setError(`${t('common.project')}: ${t('fleet.choosePlace')}`);
    track.mutate({ date: form.date, kind: form.kind as TEnergyKind, ...(placeId ? { placeId } : {}), quantity: Number(quantity), expenses, email, manager: form.manager.trim(), tagName: form.tagName.trim(), ...(businessName ? { businessName } : {}) },
      { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={open} title={t('energy.addTitle')} submitLabel={t('common.save')} busy={track.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField type="date" label={t('common.date')} value={form.date} onChange={set('date')} required slotProps={{ inputLabel: { shrink: true } }} />
      <TextField select label={t('energy.kind')} value={form.kind} onChange={set('kind')}>
        {ENERGY_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`energy.kinds.${k}`)}</MenuItem>)}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('energy.quantityIn', { unit: t(`energy.units.${ENERGY_UNITS[form.kind as TEnergyKind]}`) })} value={form.quantity} onChange={set('quantity')} required fullWidth autoFocus slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField label={t('energy.expenses')} value={form.expenses} onChange={set('expenses')} required fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      </Stack>
      <TextField label={t('energy.manager')} value={form.manager} onChange={set('manager')} required />
      {fixedTag ? null : <PlacePicker label={t('common.project')} kinds={['project', 'site']} createAs="project" value={placeId} onChange={(p) => { setPlaceId(p?._id ?? null); setForm((f) => ({ ...f, tagName: p?.name ?? '' })); }} required />}
    </FormDialog>
  );
};
