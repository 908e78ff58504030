import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { fieldErrorText } from '../../../shared/i18n/index.ts';

const ZNameForm = z.object({
  name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  description: z.string().trim().max(1000, 'must be at most 1000 characters'),
});
type TNameForm = z.input<typeof ZNameForm>;
export type TNameValues = { name: string; description?: string };

type TProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  nameLabel: string;
  initial?: { name: string; description: string | null };
  busy: boolean;
  onSubmit: (values: TNameValues) => Promise<unknown>;
  onClose: () => void;
};

/** A name and an optional description: adding or renaming a department or a designation. */
export const NameDialog = ({ open, title, submitLabel, nameLabel, initial, busy, onSubmit, onClose }: TProps) => {
  const { t } = useTranslation('app');
  const { form, formError, onSubmit: submit } = useDialogForm<TNameForm, z.output<typeof ZNameForm>>({
    schema: ZNameForm,
    open,
    defaults: () => ({ name: initial?.name ?? '', description: initial?.description ?? '' }),
    submit: ({ name, description }) => onSubmit({ name, ...(description ? { description } : {}) }),
    onDone: onClose,
  });
  const { register, formState: { errors } } = form;
  return (
    <FormDialog open={open} title={title} submitLabel={submitLabel} busy={busy} error={formError} onSubmit={submit} onClose={onClose}>
      <TextField label={nameLabel} autoFocus {...register('name')} error={!!errors.name} helperText={fieldErrorText(t, errors.name?.message)} />
      <TextField label={t('settings.departments.description')} multiline minRows={2} {...register('description')} error={!!errors.description} helperText={fieldErrorText(t, errors.description?.message)} />
    </FormDialog>
  );
};
