import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { ZInviteUser, type TInviteUser, type TUser } from '@bizdesk/contract';
import type { z } from 'zod';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { normalizeRoles } from '../../../shared/access.ts';
import { useInviteUser, useUpdateRoles } from '../api.ts';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';

type TScope = { userId: string; email: string };
type TInviteInput = z.input<typeof ZInviteUser>;

/** POST /auth/invitations (issue 10): name, e-mail and roles; the invitee chooses their own password from the e-mailed link. */
export const InviteUserDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('app');
  const invite = useInviteUser();
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TInviteInput, TInviteUser>({
    schema: ZInviteUser,
    open,
    defaults: () => ({ userName: '', email: '', roles: [] }),
    submit: (values) => invite.mutateAsync(values),
    onDone: onClose,
  });
  const { register, control, formState: { errors } } = form;

  return (
    <FormDialog open={open} title={t('settings.users.addTitle')} description={t('settings.users.addBody')} submitLabel={t('settings.users.addSubmit')} busy={invite.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <TextField label={t('settings.users.name')} autoComplete="off" {...register('userName')} {...fieldProps('userName')} />
      <TextField label={t('settings.users.email')} type="email" autoComplete="off" {...register('email')} {...fieldProps('email')} />
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
