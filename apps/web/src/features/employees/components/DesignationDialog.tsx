import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { ZDesignationInput, type TDesignation } from '@bizdesk/contract';
import type { z } from 'zod';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useCreateDesignation } from '../api.ts';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { fieldError } from '../validation.ts';

type TInput = z.input<typeof ZDesignationInput>;
type TProps = { open: boolean; email: string; onClose: () => void; onCreated: (designation: TDesignation) => void };

/** POST /designation: a job title, created from the employee form without leaving it. */
export const DesignationDialog = ({ open, email, onClose, onCreated }: TProps) => {
  const { t } = useTranslation('people');
  const create = useCreateDesignation(email);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TInput, unknown, z.output<typeof ZDesignationInput>>({ resolver: zodResolver(ZDesignationInput), defaultValues: { name: '', description: '' } });

  useEffect(() => {
    if (open) {
      reset({ name: '', description: '' });
      setFormError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async ({ name, description }) => {
    setFormError(null);
    try {
      const res = await create.mutateAsync({ name, ...(description ? { description } : {}), email });
      onCreated(res.data);
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['name', 'description']));
    }
  });

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
