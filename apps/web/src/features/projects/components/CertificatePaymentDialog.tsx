import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { ZCertificatePaymentInput, type TProjectCertificate } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { businessToday } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { minorToInput } from '../../costs/components/fields.ts';
import { usePayCertificate } from '../api.ts';
import { useKeptWhileClosing } from '../../../shared/ui/useKeptWhileClosing.ts';


type TFormIn = z.input<typeof ZCertificatePaymentInput>;

/** Money the client paid against a certificate; the amount starts at what is still due. */
export const CertificatePaymentDialog = ({ projectId, certificate, currency, onClose }: { projectId: string; certificate: TProjectCertificate | null; currency: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('projects');
  const pay = usePayCertificate(projectId);
  const open = certificate !== null;
  const shown = useKeptWhileClosing(certificate);
  const due = certificate ? certificate.netMinor - certificate.paidMinor : 0;
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TFormIn, z.output<typeof ZCertificatePaymentInput>>({
    schema: ZCertificatePaymentInput,
    open,
    defaults: () => ({ amount: due > 0 ? minorToInput(due) : '', date: businessToday() }),
    submit: async (v) => {
      await pay.mutateAsync({ id: certificate!._id, ...v });
      flash(t('certificates.paid'));
    },
    onDone: onClose,
  });
  const money = (minor: number) => formatMinor(minor, currency, i18n.language);
  return (
    <FormDialog open={open} title={t('certificates.payTitle', { number: shown?.number ?? '' })}
      description={shown ? t('certificates.payDescription', { outstanding: money(due || shown.netMinor - shown.paidMinor), net: money(shown.netMinor) }) : undefined}
      submitLabel={t('certificates.pay')} busy={pay.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <Controller control={form.control} name="amount" render={({ field }) => (
        <MoneyField label={t('certificates.amount')} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} currency={currency} required {...fieldProps('amount')} />
      )} />
      <TextField label={t('certificates.paidOn')} type="date" required fullWidth {...form.register('date')} {...fieldProps('date')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: businessToday() } }} />
    </FormDialog>
  );
};
