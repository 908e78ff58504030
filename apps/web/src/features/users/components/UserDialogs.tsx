import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { ZUserRegister, type TUser, type TUserRegister } from '@bizdesk/contract';
import type { z } from 'zod';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { normalizeRoles } from '../../../shared/access.ts';
import { useCreateUser, useUpdateRoles } from '../api.ts';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';

type TScope = { userId: string; email: string };
type TUserInput = z.input<typeof ZUserRegister>;

/** POST /auth/user-register: a staff user with a password and roles. */
export const CreateUserDialog = ({ open, onClose, scope }: { open: boolean; onClose: () => void; scope: TScope }) => {
  const { t } = useTranslation('app');
  const create = useCreateUser(scope.userId, scope.email);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TUserInput, unknown, TUserRegister>({ resolver: zodResolver(ZUserRegister), defaultValues: { userName: '', email: '', password: '', roles: [] } });

  useEffect(() => {
    if (open) {
      reset();
      setFormError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['userName', 'email', 'password', 'roles']));
    }
  });

  return (
    <FormDialog open={open} title={t('settings.users.addTitle')} description={t('settings.users.addBody')} submitLabel={t('settings.users.addSubmit')} busy={create.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <TextField label={t('settings.users.name')} autoComplete="off" {...register('userName')} error={!!errors.userName} helperText={fieldErrorText(t, errors.userName?.message)} />
      <TextField label={t('settings.users.email')} type="email" autoComplete="off" {...register('email')} error={!!errors.email} helperText={fieldErrorText(t, errors.email?.message)} />
      <TextField
        label={t('settings.users.password')}
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={!!errors.password}
        helperText={fieldErrorText(t, errors.password?.message) ?? t('settings.users.passwordHelp')}
      />
      <Controller
        control={control}
        name="roles"
        render={({ field }) => <RoleCheckboxes value={normalizeRoles(field.value)} onChange={field.onChange} error={fieldErrorText(t, errors.roles?.message)} />}
      />
    </FormDialog>
  );
};

/** PUT /auth/update-user-roles/{userId}. */
export const EditRolesDialog = ({ user, onClose, scope }: { user: TUser | null; onClose: () => void; scope: TScope }) => {
  const { t } = useTranslation('app');
  const update = useUpdateRoles(scope.userId, scope.email);
  const [roles, setRoles] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (user) {
      setRoles(normalizeRoles(user.roles).filter((role) => role !== 'owner'));
      setFormError(null);
    }
  }, [user]);

  return (
    <FormDialog
      open={!!user}
      title={t('settings.users.rolesTitle', { name: user?.userName ?? '' })}
      description={t('settings.users.rolesBody')}
      submitLabel={t('common.save')}
      busy={update.isPending}
      error={formError}
      onClose={onClose}
      maxWidth="md"
      onSubmit={(event) => {
        event.preventDefault();
        if (!user) return;
        update.mutate(
          { id: user._id, roles },
          { onSuccess: onClose, onError: (error) => setFormError(displayError(t, error)) },
        );
      }}
    >
      <RoleCheckboxes value={roles} onChange={setRoles} />
    </FormDialog>
  );
};
