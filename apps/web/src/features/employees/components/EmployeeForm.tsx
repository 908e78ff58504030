import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  EMPLOYMENT_TYPES, GENDERS, ZEmployeeInput, ZEmployeeUpdate, type TDepartment, type TDesignation, type TEmployee, type TEmployeeInput, type TEmployeeUpdate,
} from '@bizdesk/contract';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { departmentLabel } from '../departments.ts';
import { DesignationDialog } from './DesignationDialog.tsx';
import { fieldError } from '../validation.ts';

/** Every field as the inputs hold it: text. */
export type TEmployeeFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  employeeNumber: string;
  gender: string;
  dateOfBirth: string;
  address: string;
  nextOfKinName: string;
  nextOfKinPhone: string;
  employmentType: string;
  startDate: string;
  departmentId: string;
  designationId: string;
  grossIncome: string;
  probationEndDate: string;
  contractEndDate: string;
};
type TField = keyof TEmployeeFormValues;

const FIELDS: readonly TField[] = [
  'firstName', 'lastName', 'email', 'phone', 'employeeNumber', 'gender', 'dateOfBirth', 'address', 'nextOfKinName', 'nextOfKinPhone',
  'employmentType', 'startDate', 'departmentId', 'designationId', 'grossIncome', 'probationEndDate', 'contractEndDate',
];
/** Required text stays as typed (even empty) so the schema says "is required". */
const REQUIRED: readonly TField[] = ['firstName', 'lastName', 'email'];
/** Optional fields an update clears with null when emptied; the others are left unchanged. */
const CLEARABLE: readonly TField[] = ['phone', 'gender', 'dateOfBirth', 'address', 'nextOfKinName', 'nextOfKinPhone', 'departmentId', 'designationId', 'grossIncome'];

export type TFormMode = 'create' | 'update';

/** What the form sends: empty optional fields left out (create) or cleared with null (update). */
export const toEmployeePayload = (values: TEmployeeFormValues, mode: TFormMode, opts: { withPay?: boolean } = {}): Record<string, string | null> => {
  const out: Record<string, string | null> = {};
  // Without a pay role the gross is neither shown nor sent (the API refuses it, even as null).
  for (const field of opts.withPay === false ? FIELDS.filter((f) => f !== 'grossIncome') : FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value || REQUIRED.includes(field)) out[field] = value;
    else if (mode === 'update' && CLEARABLE.includes(field)) out[field] = null;
  }
  return out;
};

export const emptyEmployeeForm: TEmployeeFormValues = {
  firstName: '', lastName: '', email: '', phone: '', employeeNumber: '', gender: '', dateOfBirth: '', address: '', nextOfKinName: '', nextOfKinPhone: '',
  employmentType: 'full-time', startDate: '', departmentId: '', designationId: '', grossIncome: '', probationEndDate: '', contractEndDate: '',
};

export const employeeFormValues = (e: TEmployee): TEmployeeFormValues => ({
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.email,
  phone: e.phone ?? '',
  employeeNumber: e.employeeNumber,
  gender: e.gender ?? '',
  dateOfBirth: e.dateOfBirth ?? '',
  address: e.address ?? '',
  nextOfKinName: e.nextOfKinName ?? '',
  nextOfKinPhone: e.nextOfKinPhone ?? '',
  employmentType: e.employmentType,
  startDate: e.startDate,
  departmentId: e.departmentId ?? '',
  designationId: e.designationId ?? '',
  grossIncome: e.grossIncome === null ? '' : String(e.grossIncome),
  probationEndDate: e.probationEndDate ?? '',
  contractEndDate: e.contractEndDate ?? '',
});

/** The contract's schema judges the payload the form will send, so the field errors are the server's rules. */
const resolverFor = <TOut,>(mode: TFormMode, withPay: boolean) => {
  const inner = zodResolver(mode === 'create' ? ZEmployeeInput : ZEmployeeUpdate) as unknown as Resolver<Record<string, unknown>>;
  const resolver: Resolver<TEmployeeFormValues, unknown, TOut> = (values, context, options) => inner(toEmployeePayload(values, mode, { withPay }), context, options as never) as never;
  return resolver;
};

type TProps<TOut> = {
  mode: TFormMode;
  defaults: TEmployeeFormValues;
  email: string;
  currency: string;
  /** The owner and Accounts-access see and set the gross; HR-access alone gets no pay field. */
  canSetPay: boolean;
  departments: readonly TDepartment[];
  designations: readonly TDesignation[];
  submitLabel: string;
  submit: (payload: TOut) => Promise<unknown>;
  onCancel: () => void;
  /** Shown above the fields. */
  header?: ReactNode;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
    <Typography component="legend" variant="subtitle1" sx={{ mb: 2 }}>
      {title}
    </Typography>
    <Grid container spacing={2}>
      {children}
    </Grid>
  </Box>
);

/** New and existing employees: fields from the contract's schema, the server's message, designations made inline. */
export const EmployeeForm = <TOut extends TEmployeeInput | TEmployeeUpdate>({ mode, defaults, email, currency, canSetPay, departments, designations, submitLabel, submit, onCancel, header }: TProps<TOut>) => {
  const { t } = useTranslation('people');
  const [formError, setFormError] = useState<string | null>(null);
  const [creatingDesignation, setCreatingDesignation] = useState(false);
  // A designation made here is an option at once, before the list is fetched again.
  const [madeHere, setMadeHere] = useState<TDesignation[]>([]);
  const designationOptions = [...designations, ...madeHere.filter((m) => !designations.some((d) => d.value === m.value))];
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TEmployeeFormValues, unknown, TOut>({ resolver: resolverFor<TOut>(mode, canSetPay), defaultValues: defaults });

  // The resolver hands over the payload: the schema's output of the cleaned values.
  const onSubmit = handleSubmit(async (payload) => {
    setFormError(null);
    try {
      await submit(payload);
    } catch (error) {
      setFormError(applyServerError(t, error, setError, FIELDS));
    }
  });

  const err = (name: TField, help?: string) => ({ error: !!errors[name], helperText: fieldError(t, errors[name]?.message) ?? help });
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

  return (
    <>
      <Card component="form" noValidate onSubmit={onSubmit} aria-label={submitLabel}>
        <Stack spacing={4} sx={{ p: { xs: 2, sm: 3 } }}>
          {header}
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Section title={t('form.personal')}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.firstName')} required autoComplete="off" {...register('firstName')} {...err('firstName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.lastName')} required autoComplete="off" {...register('lastName')} {...err('lastName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.email')} required type="email" autoComplete="off" {...register('email')} {...err('email')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.phone')} type="tel" autoComplete="off" {...register('phone')} {...err('phone')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
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
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.dateOfBirth')} {...dateProps} {...register('dateOfBirth')} {...err('dateOfBirth')} />
            </Grid>
            <Grid size={12}>
              <TextField label={t('fields.address')} multiline minRows={2} {...register('address')} {...err('address')} />
            </Grid>
          </Section>
          <Divider />
          <Section title={t('form.kin')}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.nextOfKinName')} autoComplete="off" {...register('nextOfKinName')} {...err('nextOfKinName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.nextOfKinPhone')} type="tel" autoComplete="off" {...register('nextOfKinPhone')} {...err('nextOfKinPhone')} />
            </Grid>
          </Section>
          <Divider />
          <Section title={t('form.job')}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.employeeNumber')} autoComplete="off" {...register('employeeNumber')} {...err('employeeNumber', mode === 'create' ? t('form.numberHelp') : undefined)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="employmentType"
                render={({ field }) => (
                  <TextField select label={t('fields.employmentType')} {...field} {...err('employmentType')}>
                    {EMPLOYMENT_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {t(`employmentType.${type}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.startDate')} {...dateProps} {...register('startDate')} {...err('startDate', mode === 'create' ? t('form.startDateHelp') : undefined)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.probationEndDate')} {...dateProps} {...register('probationEndDate')} {...err('probationEndDate')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.contractEndDate')} {...dateProps} {...register('contractEndDate')} {...err('contractEndDate')} />
            </Grid>
            {canSetPay ? (
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="grossIncome"
                  render={({ field }) => (
                    <MoneyField
                      label={t('fields.grossIncome')}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      currency={currency}
                      {...err('grossIncome', t('form.grossHelp', { currency }))}
                    />
                  )}
                />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="departmentId"
                render={({ field }) => (
                  <TextField select label={t('fields.department')} {...field} {...err('departmentId', departments.length ? undefined : t('form.noDepartmentsYet'))} data-testid="department-select">
                    <MenuItem value="">
                      <em>{t('form.noDepartment')}</em>
                    </MenuItem>
                    {departments.map((d) => (
                      <MenuItem key={d._id} value={d._id}>
                        {departmentLabel(d, departments)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {/* The button goes under the field: beside it, a phone (or a German label) left the select too narrow to read. */}
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Controller
                  control={control}
                  name="designationId"
                  render={({ field }) => (
                    <TextField select label={t('fields.designation')} {...field} {...err('designationId')} data-testid="designation-select">
                      <MenuItem value="">
                        <em>{t('form.noDesignation')}</em>
                      </MenuItem>
                      {designationOptions.map((d) => (
                        <MenuItem key={d.value} value={d.value}>
                          {d.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Button size="small" startIcon={<AddIcon />} onClick={() => setCreatingDesignation(true)}>
                  {t('form.newDesignation')}
                </Button>
              </Stack>
            </Grid>
          </Section>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={onCancel} disabled={isSubmitting}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </Card>
      <DesignationDialog
        open={creatingDesignation}
        email={email}
        onClose={() => setCreatingDesignation(false)}
        onCreated={(designation) => {
          setMadeHere((list) => [...list, designation]);
          setValue('designationId', designation.value, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </>
  );
};
