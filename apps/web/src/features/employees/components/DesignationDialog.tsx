import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { ZDesignationInput, type TDesignation } from '@bizdesk/contract';
import type { z } from 'zod';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useCreateDesignation } from '../api.ts';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { fieldError } from '../validation.ts';

type TInput = z.input<typeof ZDesignationInput>;
type TProps = { open: boolean; email: string; onClose: () => void; onCreated: (designation: TDesignation) => void };

/** POST /designation: a job title, created from the employee form without leaving it. */
export const DesignationDialog = ({ open, email, onClose, onCreated }: TProps) => {
  const { t } = useTranslation('people');
  const create = useCreateDesignation(email);
  const { form, formError, onSubmit } = useDialogForm<TInput, z.output<typeof ZDesignationInput>>({
    schema: ZDesignationInput,
    open,
    defaults: () => ({ name: '', description: '' }),
    submit: async ({ name, description }) => onCreated((await create.mutateAsync({ name, ...(description ? { description } : {}), email })).data),
    onDone: onClose,
  });
  const { register, formState: { errors } } = form;

  return (
    <FormDialog open={open} title={t('designation.title')} description={t('designation.body')} submitLabel={t('designation.submit')} busy={create.isPending} error={formError} onSubmit={(e) => {
      // The dialog sits inside the employee form: its submit must not submit that form too.
      e.stopPropagation();
      void onSubmit(e);
    }} onClose={onClose} maxWidth="xs">
      <TextField label={t('designation.name')} autoFocus {...register('name')} error={!!errors.name} helperText={fieldError(t, errors.name?.message)} />
      <TextField label={t('designation.description')} multiline minRows={2} {...register('description')} error={!!errors.description} helperText={fieldError(t, errors.description?.message)} />
    </FormDialog>
  );
};
