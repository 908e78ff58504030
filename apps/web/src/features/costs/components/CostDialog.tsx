import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { TCostRecord } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useAddCosts, useUpdateRecord } from '../api.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { checkAmount, checkDate, minorToInput, todayIso } from './fields.ts';

export type TCostDraft = { description: string; category: string; amount: string; date: string };
type TProps = { open: boolean; tagName: string; record?: TCostRecord | null; draft?: Partial<TCostDraft>; source?: 'manual' | 'ocr'; title?: string; onClose: () => void; onSaved?: () => void };

/** Adds one cost to a project, or edits a recorded one. */
export const CostDialog = ({ open, tagName, record, draft, source = 'manual', title, onClose, onSaved }: TProps) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const add = useAddCosts();
  const update = useUpdateRecord();
  const [values, setValues] = useState<TCostDraft>({ description: '', category: '', amount: '', date: todayIso() });
  const [errors, setErrors] = useState<Partial<Record<keyof TCostDraft, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // Issue 35: an OCR'd supplier invoice names its supplier and number, so one already on a purchase order is not a second cost.
  const { t: tLedger } = useTranslation('ledger');
  const [supplier, setSupplier] = useState({ vendorName: '', invoiceNumber: '' });

  useEffect(() => {
    if (!open) return;
    setValues(record
      ? { description: record.description, category: record.category, amount: minorToInput(record.amountMinor), date: record.date }
      : { description: draft?.description ?? '', category: draft?.category ?? '', amount: draft?.amount ?? '', date: draft?.date ?? todayIso() });
    setErrors({});
    setServerError(null);
  }, [open, record, draft]);

  const set = (key: keyof TCostDraft) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = checkAmount(values.amount, i18n.language);
    const next = {
      description: values.description.trim() ? undefined : 'required',
      category: values.category.trim() ? undefined : 'required',
      amount: amount.error ?? undefined,
      date: checkDate(values.date) ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setServerError(null);
    const row = { description: values.description.trim(), category: values.category.trim(), amount: amount.value!, date: values.date };
    const done = { onSuccess: () => { onSaved?.(); onClose(); }, onError: (err: unknown) => setServerError(displayError(t, err)) };
    if (record) update.mutate({ id: record._id, ...row }, done);
    else {
      const linked = source === 'ocr' && supplier.vendorName.trim() ? { vendorName: supplier.vendorName.trim(), ...(supplier.invoiceNumber.trim() ? { invoiceNumber: supplier.invoiceNumber.trim() } : {}) } : {};
      add.mutate({ email: user.ownerEmail, employeeName: user.userName, tagName, records: [row], source, ...linked }, {
        ...done,
        onSuccess: (res) => {
          const link = res.data.find((r) => r.linkedTo)?.linkedTo;
          if (link) flash(tLedger('alreadyInProcurement', { link }), 'info');
          done.onSuccess();
        },
      });
    }
  };

  const err = (key: keyof TCostDraft) => (errors[key] ? t(`validation.${errors[key]}`) : undefined);
  return (
    <FormDialog open={open} title={title ?? (record ? t('costDialog.editTitle') : t('costDialog.addTitle'))} submitLabel={t('costDialog.save')} busy={add.isPending || update.isPending} error={serverError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('fields.description')} value={values.description} onChange={set('description')} error={!!errors.description} helperText={err('description')} required autoFocus slotProps={{ htmlInput: { maxLength: 300 } }} />
      <TextField label={t('fields.category')} value={values.category} onChange={set('category')} error={!!errors.category} helperText={err('category')} required slotProps={{ htmlInput: { maxLength: 80 } }} />
      <TextField label={t('fields.amount')} value={values.amount} onChange={set('amount')} error={!!errors.amount} helperText={err('amount')} required inputMode="decimal" />
      <TextField label={t('fields.date')} type="date" value={values.date} onChange={set('date')} error={!!errors.date} helperText={err('date')} required slotProps={{ inputLabel: { shrink: true } }} />
      {source === 'ocr' && !record ? (
        <>
          <TextField label={tLedger('supplier')} value={supplier.vendorName} onChange={(e) => setSupplier({ ...supplier, vendorName: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField label={tLedger('supplierInvoice')} value={supplier.invoiceNumber} onChange={(e) => setSupplier({ ...supplier, invoiceNumber: e.target.value })} slotProps={{ htmlInput: { maxLength: 80 } }} />
        </>
      ) : null}
    </FormDialog>
  );
};
