import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GENDERS, PORTAL_EDITABLE_FIELDS, ZEmployeeInput, type TEmployee, type TEmployeeUpdate } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { useUpdateOwnDetails } from '../api.ts';
import { fieldError } from '../../employees/validation.ts';

type TField = (typeof PORTAL_EDITABLE_FIELDS)[number];
type TValues = Record<TField, string>;

/** The contract's rules for the fields an employee may change about themselves. */
const ZOwnDetails = ZEmployeeInput.pick({ phone: true, address: true, dateOfBirth: true, gender: true, nextOfKinName: true, nextOfKinPhone: true });

/** Emptied fields are cleared (null). */
const toPayload = (values: TValues) => Object.fromEntries(PORTAL_EDITABLE_FIELDS.map((f) => [f, values[f].trim() || null])) as Record<TField, string | null>;

const inner = zodResolver(ZOwnDetails) as unknown as Resolver<Record<string, unknown>>;
const resolver: Resolver<TValues, unknown, TEmployeeUpdate> = (values, context, options) => inner(toPayload(values), context, options as never) as never;

const valuesOf = (e: TEmployee): TValues => ({
  phone: e.phone ?? '',
  address: e.address ?? '',
  dateOfBirth: e.dateOfBirth ?? '',
  gender: e.gender ?? '',
  nextOfKinName: e.nextOfKinName ?? '',
  nextOfKinPhone: e.nextOfKinPhone ?? '',
});

/** POST /employee/update-1/{ownId} with the portal token. */
export const OwnDetailsDialog = ({ open, onClose, employee, token }: { open: boolean; onClose: () => void; employee: TEmployee; token: string }) => {
  const { t } = useTranslation('people');
  const update = useUpdateOwnDetails(employee._id, token);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TValues, unknown, TEmployeeUpdate>({ resolver, defaultValues: valuesOf(employee) });

  useEffect(() => {
    if (open) {
      reset(valuesOf(employee));
      setFormError(null);
    }
  }, [open, employee, reset]);

  // The resolver hands over the payload: the schema's output of the cleaned values.
  const onSubmit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      await update.mutateAsync(payload);
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, PORTAL_EDITABLE_FIELDS));
    }
  });

  const err = (name: TField) => ({ error: !!errors[name], helperText: fieldError(t, errors[name]?.message) });
  return (
    <FormDialog open={open} title={t('portal.editTitle')} description={t('portal.editBody')} submitLabel={t('form.save')} busy={update.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fields.phone')} type="tel" {...register('phone')} {...err('phone')} />
        <TextField label={t('fields.dateOfBirth')} type="date" slotProps={{ inputLabel: { shrink: true } }} {...register('dateOfBirth')} {...err('dateOfBirth')} />
      </Stack>
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <TextField select label={t('fields.gender')} {...field} {...err('gender')}>
            <MenuItem value="">
              <em>{t('common.notSet')}</em>
            </MenuItem>
            {GENDERS.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`gender.${g}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label={t('fields.address')} multiline minRows={2} {...register('address')} {...err('address')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('fields.nextOfKinName')} {...register('nextOfKinName')} {...err('nextOfKinName')} />
        <TextField label={t('fields.nextOfKinPhone')} type="tel" {...register('nextOfKinPhone')} {...err('nextOfKinPhone')} />
      </Stack>
    </FormDialog>
  );
};
