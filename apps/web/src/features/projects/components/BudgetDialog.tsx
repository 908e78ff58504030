import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PROJECT_COST_CATEGORIES, ZMajorAmount, type TProjectCosting } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { minorToInput } from '../../costs/components/fields.ts';
import { useSaveBudget } from '../api.ts';

const ZAmountOrEmpty = z.union([z.literal(''), ZMajorAmount]);
const ZForm = z.object(Object.fromEntries(PROJECT_COST_CATEGORIES.map((c) => [c, ZAmountOrEmpty])) as unknown as Record<(typeof PROJECT_COST_CATEGORIES)[number], typeof ZAmountOrEmpty>);
type TFormIn = z.input<typeof ZForm>;

/** The budget of each cost category; an emptied category has no budget line. */
export const BudgetDialog = ({ open, costing, currency, onClose }: { open: boolean; costing: TProjectCosting; currency: string; onClose: () => void }) => {
  const { t } = useTranslation('projects');
  const save = useSaveBudget(costing.projectId);
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TFormIn, z.output<typeof ZForm>>({
    schema: ZForm,
    open,
    defaults: () => Object.fromEntries(PROJECT_COST_CATEGORIES.map((c) => {
      const b = costing.categories.find((l) => l.category === c)?.budgetMinor;
      return [c, b === null || b === undefined ? '' : minorToInput(b)];
    })) as TFormIn,
    submit: async (values) => {
      await save.mutateAsync({ lines: PROJECT_COST_CATEGORIES.map((category) => ({ category, amount: values[category] === '' ? null : values[category] })) });
      flash(t('budget.saved'));
    },
    onDone: onClose,
  });
  return (
    <FormDialog open={open} title={t('budget.dialogTitle')} description={t('budget.dialogDescription', { currency })} submitLabel={t('budget.edit')}
      busy={save.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      {PROJECT_COST_CATEGORIES.map((c) => (
        <Controller key={c} control={form.control} name={c} render={({ field }) => (
          <MoneyField label={t(`categories.${c}`)} name={field.name} ref={field.ref} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} currency={currency} {...fieldProps(c)} />
        )} />
      ))}
    </FormDialog>
  );
};
