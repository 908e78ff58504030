import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { TInventoryItem, TMovementKind, TPersonRef } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { useMoveStock, useStockStaff } from '../api.ts';
import { StaffPicker } from './StaffPicker.tsx';

/** `defaultNumber`: a collection point's own employee number (its token records only as that number). */
type TProps = { item: TInventoryItem | null; kind: TMovementKind; email: string; defaultNumber?: string; token?: string; onClose: () => void };

/**
 * Receive, issue or record use of one item. The signed-in user records it; who received or used the stock is an
 * employee chosen from the list, by default the user's own employee record (same e-mail), else nobody until chosen.
 * A fresh reference per dialog makes a double click harmless.
 */
export const MoveDialog = ({ item, kind, email, defaultNumber = '', token, onClose }: TProps) => {
  const { t, i18n } = useTranslation('inventory');
  const move = useMoveStock(token);
  const mine = useStockStaff('', token).data?.mine ?? null;
  const [person, setPerson] = useState<TPersonRef | null>(null);
  const [personTouched, setPersonTouched] = useState(false);
  const chosen = personTouched ? person : person ?? mine;
  const personLabel = kind === 'instock' ? t('move.receivedBy') : kind === 'usedstock' ? t('move.usedBy') : t('move.issuedTo');
  const [form, setForm] = useState({ quantity: '', nums: defaultNumber, reference: '', used: '', unitCost: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (item) {
      setForm({ quantity: '', nums: defaultNumber, reference: kind === 'instock' ? '' : `${kind === 'outstock' ? 'ISS' : 'USE'}-${Date.now().toString(36).toUpperCase()}`, used: '', unitCost: '' });
      setError(null);
      setPerson(null);
      setPersonTouched(false);
      move.reset();
    }
  }, [item, kind]);
  if (!item) return null;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const quantity = form.quantity.trim().replace(',', '.');
    if (!/^\d+(\.\d{1,3})?$/.test(quantity) || Number(quantity) <= 0) return setError(`${t('common.quantity')}: ${t('move.available', { quantity: item.quantity, unit: item.unit })}`);
    const unitCost = form.unitCost.trim() ? parseMoneyInput(form.unitCost, i18n.resolvedLanguage ?? 'en') : undefined;
    if (unitCost === null) return setError(`${t('items.unitCost')}: ${form.unitCost}`);
    const nums = token ? form.nums.trim() : chosen?.employeeNumber ?? '';
    if (!nums) return setError(`${personLabel}: ${t('move.chooseStaff')}`);
    move.mutate({ kind, email, itemId: item._id, nums, quantity, tag: item.tagName, reference: form.reference.trim() || undefined, used: form.used.trim(), unitCost: unitCost ?? undefined }, {
      onSuccess: onClose,
      onError: (err) => setError(displayError(t, err)),
    });
  };
  const title = kind === 'instock' ? t('move.titleInstock', { name: item.name }) : kind === 'outstock' ? t('move.titleOutstock', { name: item.name }) : t('move.titleUsedstock', { name: item.name });
  return (
    <FormDialog open title={title} description={t('move.available', { quantity: item.quantity, unit: item.unit })} submitLabel={t(`move.${kind}`)} busy={move.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label={`${t('common.quantity')} (${item.unit})`} value={form.quantity} onChange={set('quantity')} required autoFocus slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      {token
        ? <TextField label={t('common.employeeNumber')} value={form.nums} onChange={set('nums')} required />
        : <StaffPicker label={personLabel} value={chosen}
            onChange={(p) => { setPerson(p); setPersonTouched(true); }} helperText={t('move.recordedByYou')} />}
      {kind === 'usedstock' ? <TextField label={t('move.used')} value={form.used} onChange={set('used')} required /> : null}
      {kind === 'instock' ? <TextField label={t('items.unitCost')} value={form.unitCost} onChange={set('unitCost')} helperText={t('move.unitCostHelp')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} /> : null}
      <TextField label={t('common.reference')} value={form.reference} onChange={set('reference')} required={kind !== 'instock'} helperText={kind === 'instock' ? t('move.deliveryHelp') : t('move.referenceHelp')} />
    </FormDialog>
  );
};
