import { useTranslation } from 'react-i18next';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZCollectionPointInput, ZEmployeeNumber, ZGoogleLink, type TCollectionPoint, type TCollectionPointInput, type TDepartment, type TUser } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { useCreateCollectionPoint, useSaveGoogleLink, useUpdateEmployeeNumber } from '../api.ts';

type TPointInput = z.input<typeof ZCollectionPointInput>;

/** POST /auth/dcollector: a data collection point for a project, tied to an employee number. */
export const AddAccessPointDialog = ({ open, onClose, user, departments }: { open: boolean; onClose: () => void; user: TUser; departments: readonly TDepartment[] }) => {
  const { t } = useTranslation('app');
  const create = useCreateCollectionPoint(user._id, user.ownerEmail);
  const { form, formError, onSubmit, fieldProps: err } = useDialogForm<TPointInput, TCollectionPointInput>({
    schema: ZCollectionPointInput,
    open,
    defaults: () => ({ employeeNumber: '', employeeName: '', tagName: '', userEmail: user.ownerEmail, projectDescription: '', projectScope: '', dept: 'default' }),
    submit: (values) => create.mutateAsync(values),
    onDone: onClose,
  });
  const { register, setValue, watch } = form;

  return (
    <FormDialog open={open} title={t('settings.points.addTitle')} description={t('settings.points.addBody')} submitLabel={t('settings.points.addSubmit')} busy={create.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <PlacePicker
        label={t('settings.points.tagName')} kinds={['site', 'project']} createAs="project" name="tagName" value={watch('placeId') ?? null} required
        onChange={(place) => {
          setValue('placeId', place?._id, { shouldValidate: true });
          setValue('tagName', place?.name ?? '', { shouldValidate: true });
        }}
        error={err('tagName').helperText}
      />
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
type TNumberForm = z.infer<typeof ZNumberForm>;
type TGoogleLinkForm = z.infer<typeof ZGoogleLink>;

/** PUT /auth/update-number: hands the access point to another employee. */
export const EmployeeNumberDialog = ({ point, onClose, user }: { point: TCollectionPoint | null; onClose: () => void; user: TUser }) => {
  const { t } = useTranslation('app');
  const update = useUpdateEmployeeNumber(user._id, user.ownerEmail);
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TNumberForm, TNumberForm>({
    schema: ZNumberForm,
    open: !!point,
    defaults: () => ({ newEmployeeNumber: '' }),
    submit: ({ newEmployeeNumber }) => update.mutateAsync({ oldEmployeeNumber: point!.employeeNumber, newEmployeeNumber, subDocId: point!._id }),
    onDone: onClose,
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
      <TextField label={t('settings.points.newEmployeeNumber')} autoFocus {...form.register('newEmployeeNumber')} {...fieldProps('newEmployeeNumber')} />
    </FormDialog>
  );
};

/** PUT /auth/save-google-link/{userId}/{employeeNumber}: the point's shared sheet or folder. */
export const GoogleLinkDialog = ({ point, onClose, user }: { point: TCollectionPoint | null; onClose: () => void; user: TUser }) => {
  const { t } = useTranslation('app');
  const save = useSaveGoogleLink(user._id, user.ownerEmail);
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TGoogleLinkForm, TGoogleLinkForm>({
    schema: ZGoogleLink,
    open: !!point,
    defaults: () => ({ googleLink: point?.googleLink ?? '' }),
    submit: ({ googleLink }) => save.mutateAsync({ employeeNumber: point!.employeeNumber, googleLink }),
    onDone: onClose,
  });

  return (
    <FormDialog open={!!point} title={t('settings.points.linkTitle', { tag: point?.tagName ?? '' })} description={t('settings.points.linkBody')} submitLabel={t('common.save')} busy={save.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('settings.points.googleLink')} type="url" autoFocus {...form.register('googleLink')} {...fieldProps('googleLink')} />
    </FormDialog>
  );
};
