import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { ZMajorAmount, ZPercent, type TProjectCosting } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { minorToInput } from '../../costs/components/fields.ts';
import { useSaveContract } from '../api.ts';

const ZForm = z.object({ contractValue: z.union([z.literal(''), ZMajorAmount]), retentionPercent: ZPercent, whtPercent: ZPercent });
type TFormIn = z.input<typeof ZForm>;

/** The contract value and the rates the client holds back (retention) and deducts (withholding tax) per certificate. */
export const ContractDialog = ({ open, costing, currency, onClose }: { open: boolean; costing: TProjectCosting; currency: string; onClose: () => void }) => {
  const { t } = useTranslation('projects');
  const save = useSaveContract(costing.projectId);
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TFormIn, z.output<typeof ZForm>>({
    schema: ZForm,
    open,
    defaults: () => ({
      contractValue: costing.contractValueMinor === null ? '' : minorToInput(costing.contractValueMinor),
      retentionPercent: costing.retentionPercent, whtPercent: costing.whtPercent,
    }),
    submit: async (v) => {
      await save.mutateAsync({ contractValue: v.contractValue === '' ? null : v.contractValue, retentionPercent: v.retentionPercent, whtPercent: v.whtPercent });
      flash(t('contract.saved'));
    },
    onDone: onClose,
  });
  return (
    <FormDialog open={open} title={t('contract.dialogTitle')} description={t('contract.dialogDescription')} submitLabel={t('contract.edit')}
      busy={save.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <Controller control={form.control} name="contractValue" render={({ field }) => (
        <MoneyField label={t('contract.value')} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} currency={currency} {...fieldProps('contractValue')} />
      )} />
      <TextField label={t('contract.retention')} required fullWidth {...form.register('retentionPercent')} {...fieldProps('retentionPercent')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }} helperText={fieldProps('retentionPercent').helperText || t('contract.percentHelp')} />
      <TextField label={t('contract.wht')} required fullWidth {...form.register('whtPercent')} {...fieldProps('whtPercent')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }} helperText={fieldProps('whtPercent').helperText || t('contract.percentHelp')} />
    </FormDialog>
  );
};
