import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZCollectionPointInput, ZEmployeeNumber, ZGoogleLink, type TCollectionPoint, type TCollectionPointInput, type TDepartment, type TUser } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { fieldErrorText } from '../../../shared/i18n/index.ts';
import { useCreateCollectionPoint, useSaveGoogleLink, useUpdateEmployeeNumber } from '../api.ts';

type TPointInput = z.input<typeof ZCollectionPointInput>;

/** POST /auth/dcollector: a data collection point for a project, tied to an employee number. */
export const AddAccessPointDialog = ({ open, onClose, user, departments }: { open: boolean; onClose: () => void; user: TUser; departments: readonly TDepartment[] }) => {
  const { t } = useTranslation('app');
  const create = useCreateCollectionPoint(user._id, user.ownerEmail);
  const [formError, setFormError] = useState<string | null>(null);
  const defaults: TPointInput = { employeeNumber: '', employeeName: '', tagName: '', userEmail: user.ownerEmail, projectDescription: '', projectScope: '', dept: 'default' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TPointInput, unknown, TCollectionPointInput>({ resolver: zodResolver(ZCollectionPointInput), defaultValues: defaults });

  useEffect(() => {
    if (open) {
      reset(defaults);
      setFormError(null);
    }
    // Reset only when the dialog opens, not when the user object changes identity.
  }, [open]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['employeeNumber', 'employeeName', 'tagName', 'projectDescription', 'projectScope', 'dept']));
    }
  });

  const err = (name: keyof TPointInput) => ({ error: !!errors[name], helperText: fieldErrorText(t, errors[name]?.message) });
  return (
    <FormDialog open={open} title={t('settings.points.addTitle')} description={t('settings.points.addBody')} submitLabel={t('settings.points.addSubmit')} busy={create.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <TextField label={t('settings.points.tagName')} {...register('tagName')} {...err('tagName')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('settings.points.employeeNumber')} {...register('employeeNumber')} {...err('employeeNumber')} />
        <TextField label={t('settings.points.employeeName')} {...register('employeeName')} {...err('employeeName')} />
      </Stack>
      <TextField select label={t('settings.points.dept')} defaultValue="default" {...register('dept')} {...err('dept')}>
        <MenuItem value="default">{t('settings.points.defaultDept')}</MenuItem>
        {departments.map((department) => (
          <MenuItem key={department._id} value={department.name}>
            {department.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('settings.points.projectDescription')} multiline minRows={2} {...register('projectDescription')} {...err('projectDescription')} />
      <TextField label={t('settings.points.projectScope')} multiline minRows={2} {...register('projectScope')} {...err('projectScope')} />
    </FormDialog>
  );
};

const ZNumberForm = z.object({ newEmployeeNumber: ZEmployeeNumber });

/** PUT /auth/update-number: hands the access point to another employee. */
export const EmployeeNumberDialog = ({ point, onClose, user }: { point: TCollectionPoint | null; onClose: () => void; user: TUser }) => {
  const { t } = useTranslation('app');
  const update = useUpdateEmployeeNumber(user._id, user.ownerEmail);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof ZNumberForm>>({ resolver: zodResolver(ZNumberForm), defaultValues: { newEmployeeNumber: '' } });

  useEffect(() => {
    if (point) {
      reset({ newEmployeeNumber: '' });
      setFormError(null);
    }
  }, [point, reset]);

  const onSubmit = handleSubmit(async ({ newEmployeeNumber }) => {
    if (!point) return;
    setFormError(null);
    try {
      await update.mutateAsync({ oldEmployeeNumber: point.employeeNumber, newEmployeeNumber, subDocId: point._id });
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['newEmployeeNumber']));
    }
  });

  return (
    <FormDialog
      open={!!point}
      title={t('settings.points.numberTitle', { tag: point?.tagName ?? '' })}
      description={t('settings.points.numberBody', { number: point?.employeeNumber ?? '' })}
      submitLabel={t('common.save')}
      busy={update.isPending}
      error={formError}
      onSubmit={onSubmit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label={t('settings.points.newEmployeeNumber')} autoFocus {...register('newEmployeeNumber')} error={!!errors.newEmployeeNumber} helperText={fieldErrorText(t, errors.newEmployeeNumber?.message)} />
    </FormDialog>
  );
};

/** PUT /auth/save-google-link/{userId}/{employeeNumber}: the point's shared sheet or folder. */
export const GoogleLinkDialog = ({ point, onClose, user }: { point: TCollectionPoint | null; onClose: () => void; user: TUser }) => {
  const { t } = useTranslation('app');
  const save = useSaveGoogleLink(user._id, user.ownerEmail);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof ZGoogleLink>>({ resolver: zodResolver(ZGoogleLink), defaultValues: { googleLink: '' } });

  useEffect(() => {
    if (point) {
      reset({ googleLink: point.googleLink ?? '' });
      setFormError(null);
    }
  }, [point, reset]);

  const onSubmit = handleSubmit(async ({ googleLink }) => {
    if (!point) return;
    setFormError(null);
    try {
      await save.mutateAsync({ employeeNumber: point.employeeNumber, googleLink });
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['googleLink']));
    }
  });

  return (
    <FormDialog open={!!point} title={t('settings.points.linkTitle', { tag: point?.tagName ?? '' })} description={t('settings.points.linkBody')} submitLabel={t('common.save')} busy={save.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('settings.points.googleLink')} type="url" autoFocus {...register('googleLink')} error={!!errors.googleLink} helperText={fieldErrorText(t, errors.googleLink?.message)} />
    </FormDialog>
  );
};
