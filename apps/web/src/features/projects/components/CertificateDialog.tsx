import { useTranslation } from 'react-i18next';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ZCertificateInput, ZMajorAmount, applyBp, percentToBp, type TProjectCertificate, type TProjectCosting } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { businessToday } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { previewCertificate, typedMinor } from '../costing.ts';
import { minorToInput } from '../../costs/components/fields.ts';
import { useAddCertificate, useUpdateCertificate } from '../api.ts';

const optionalAmount = z.union([z.literal(''), ZMajorAmount]);
const ZForm = ZCertificateInput.pick({ number: true, date: true, gross: true, note: true }).extend({ retention: optionalAmount, wht: optionalAmount, otherDeductions: optionalAmount });
type TFormIn = z.input<typeof ZForm>;
const orUndefined = (v: string | number) => (v === '' ? undefined : v);

/**
 * What the edit form starts from: the certificate as saved, with retention and WHT left empty (worked out again from
 * the project's rates, as on create) when they are what those rates give on the gross, so a corrected gross moves them.
 */
export const certificateFormOf = (c: TProjectCertificate, rates: { retentionPercent: string; whtPercent: string }): TFormIn => {
  const typedUnlessRate = (minor: number, percent: string) => (minor === applyBp(c.grossMinor, percentToBp(percent)) ? '' : minorToInput(minor));
  return {
    number: c.number, date: c.date, gross: minorToInput(c.grossMinor),
    retention: typedUnlessRate(c.retentionMinor, rates.retentionPercent), wht: typedUnlessRate(c.whtMinor, rates.whtPercent),
    otherDeductions: c.otherDeductionsMinor ? minorToInput(c.otherDeductionsMinor) : '', note: c.note,
  };
};

/**
 * A certificate (valuation) the client approved: retention and WHT are worked out from the project's rates on the
 * gross (or typed), and the net due is shown before saving. Given a `certificate`, the same form corrects it.
 */
export const CertificateDialog = ({ open, costing, currency, certificate = null, onClose }: {
  open: boolean; costing: TProjectCosting; currency: string; certificate?: TProjectCertificate | null; onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('projects');
  const add = useAddCertificate(costing.projectId);
  const update = useUpdateCertificate(costing.projectId);
  const next = `IPC ${costing.certificates.length + 1}`;
  const rates = { retentionPercent: costing.retentionPercent, whtPercent: costing.whtPercent };
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TFormIn, z.output<typeof ZForm>>({
    schema: ZForm,
    open,
    defaults: () => (certificate ? certificateFormOf(certificate, rates)
      : { number: next, date: businessToday(), gross: '', retention: '', wht: '', otherDeductions: '', note: '' }),
    submit: async (v) => {
      const input = { number: v.number, date: v.date, gross: v.gross, retention: orUndefined(v.retention), wht: orUndefined(v.wht), otherDeductions: orUndefined(v.otherDeductions), note: v.note };
      if (certificate) await update.mutateAsync({ id: certificate._id, ...input });
      else await add.mutateAsync(input);
      flash(t(certificate ? 'certificates.updated' : 'certificates.saved'));
    },
    onDone: onClose,
  });
  const values = useWatch({ control: form.control });
  const str = (v: string | number | undefined) => (v === undefined ? undefined : String(v));
  const preview = previewCertificate({ gross: String(values.gross ?? ''), retention: str(values.retention), wht: str(values.wht), otherDeductions: str(values.otherDeductions) }, rates);
  const money = (minor: number) => formatMinor(minor, currency, i18n.language);
  const grossMinor = typedMinor(str(values.gross)) ?? 0;
  const auto = (percent: string) => t('certificates.autoHelp', { amount: money(applyBp(grossMinor, percentToBp(percent))) });
  const amount = (name: 'gross' | 'retention' | 'wht' | 'otherDeductions', label: string, help?: string, required = false) => (
    <Controller control={form.control} name={name} render={({ field }) => {
      const fp = fieldProps(name);
      return <MoneyField label={label} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} currency={currency} required={required} error={fp.error} helperText={fp.helperText || help} />;
    }} />
  );
  return (
    <FormDialog open={open} title={certificate ? t('certificates.editTitle', { number: certificate.number }) : t('certificates.dialogTitle')}
      description={[
        t('certificates.dialogDescription', { retention: costing.retentionPercent, wht: costing.whtPercent }),
        certificate && certificate.paidMinor > 0 ? t('certificates.editPaid', { paid: money(certificate.paidMinor) }) : '',
      ].filter(Boolean).join(' ')}
      submitLabel={certificate ? t('certificates.save') : t('certificates.add')} busy={add.isPending || update.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('certificates.number')} required fullWidth {...form.register('number')} {...fieldProps('number')} slotProps={{ htmlInput: { maxLength: 60 } }} />
      <TextField label={t('certificates.date')} type="date" required fullWidth {...form.register('date')} {...fieldProps('date')} slotProps={{ inputLabel: { shrink: true } }} />
      {amount('gross', t('certificates.gross'), undefined, true)}
      {amount('retention', t('certificates.retention'), auto(costing.retentionPercent))}
      {amount('wht', t('certificates.wht'), auto(costing.whtPercent))}
      {amount('otherDeductions', t('certificates.other'))}
      <TextField label={t('certificates.note')} fullWidth multiline minRows={2} {...form.register('note')} {...fieldProps('note')} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <Alert severity={preview && preview.netMinor < 0 ? 'error' : 'info'} data-testid="certificate-preview" role="status">
        {preview ? t('certificates.preview', {
          net: money(preview.netMinor), gross: money(preview.grossMinor), retention: money(preview.retentionMinor), wht: money(preview.whtMinor), other: money(preview.otherDeductionsMinor),
        }) : t('certificates.previewEmpty')}
      </Alert>
    </FormDialog>
  );
};
