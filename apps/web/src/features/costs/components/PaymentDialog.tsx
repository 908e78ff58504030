import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { MSG } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { translateMessage } from '../../../shared/i18n/index.ts';
import { errorMessage } from '../../../shared/api/errors.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useAddPayment } from '../api.ts';
import { checkAmount, checkDate, todayIso } from './fields.ts';

/** A payment the project received (add-payment answers 201; otherwise 'Failed to add payment history'). */
export const PaymentDialog = ({ open, tagName, onClose }: { open: boolean; tagName: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const add = useAddPayment();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayIso());
  const [errors, setErrors] = useState<{ amount?: string; date?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (open) { setAmount(''); setDate(todayIso()); setErrors({}); setServerError(null); }
  }, [open]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAmount(amount, i18n.language);
    const next = { amount: checked.error ?? undefined, date: checkDate(date) ?? undefined };
    setErrors(next);
    if (next.amount || next.date) return;
    add.mutate({ email: user.ownerEmail, tagName, newPaymentEntry: { amount: checked.value!, date } }, {
      onSuccess: onClose,
      // The server's own message when it names a field; the spec's fallback otherwise.
      onError: (err) => setServerError(translateMessage(t, /: /.test(errorMessage(err)) ? errorMessage(err) : MSG.addPaymentHistoryFailed)),
    });
  };
  return (
    <FormDialog open={open} title={t('paymentDialog.title')} description={t('paymentDialog.description', { project: tagName })} submitLabel={t('paymentDialog.save')} busy={add.isPending} error={serverError} onSubmit={onSubmit} onClose={onClose} maxWidth="xs">
      <TextField label={t('fields.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} error={!!errors.amount} helperText={errors.amount ? t(`validation.${errors.amount}`) : undefined} required autoFocus inputMode="decimal" />
      <TextField label={t('fields.date')} type="date" value={date} onChange={(e) => setDate(e.target.value)} error={!!errors.date} helperText={errors.date ? t(`validation.${errors.date}`) : undefined} required slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
};
