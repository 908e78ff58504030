import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegister, type TRegister } from '@bizdesk/contract';
import type { z } from 'zod';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, PasswordInput, SubmitButton, TextInput } from '../components/Fields.tsx';
import { register as registerBusiness } from '../api.ts';
import { COUNTRIES, COUNTRY_TIME_ZONES, TIME_ZONES, countryName } from '../countries.ts';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';

type TRegisterInput = z.input<typeof ZRegister>;
const FIELDS = ['businessName', 'userName', 'email', 'password', 'country', 'timeZone'] as const;

/** Spec 01 §2 registration: a new business and its owner; on success the browser goes to /home. */
export const RegisterPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TRegisterInput, unknown, TRegister>({
    resolver: zodResolver(ZRegister),
    defaultValues: { businessName: '', userName: '', email: '', password: '', country: 'NG', timeZone: 'Africa/Lagos' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerBusiness(values);
      // Where the confirmation link went, with a way to have it sent again (issue 10).
      await navigate(`/check-inbox?email=${encodeURIComponent(values.email)}`);
    } catch (error) {
      console.error('Registration failed', error);
      const fields = serverFieldErrors(error);
      for (const field of FIELDS) if (fields[field]) setError(field, { message: fields[field] });
      setFormError(displayError(t, error));
    }
  });

  const countryField = register('country');
  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} wide>
      <form className="bd-form" noValidate onSubmit={onSubmit}>
        {formError ? <Notice severity="error">{formError}</Notice> : null}
        <div className="bd-form__row bd-form__row--2">
          <TextInput label={t('auth.register.businessName')} autoComplete="organization" error={fieldErrorText(t, errors.businessName?.message)} {...register('businessName')} />
          <TextInput label={t('auth.register.userName')} autoComplete="name" error={fieldErrorText(t, errors.userName?.message)} {...register('userName')} />
        </div>
        <TextInput label={t('auth.email')} type="email" autoComplete="email" inputMode="email" error={fieldErrorText(t, errors.email?.message)} {...register('email')} />
        <PasswordInput label={t('auth.password')} autoComplete="new-password" error={fieldErrorText(t, errors.password?.message)} {...register('password')} />
        <div className="bd-form__row bd-form__row--2">
          <div className="bd-field">
            <label htmlFor="register-country">{t('auth.register.country')}</label>
            <select
              id="register-country"
              aria-invalid={errors.country ? true : undefined}
              {...countryField}
              onChange={(event) => {
                void countryField.onChange(event);
                const zone = COUNTRY_TIME_ZONES[event.target.value];
                if (zone) setValue('timeZone', zone);
              }}
            >
              {COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, i18n.language)}
                </option>
              ))}
            </select>
            {errors.country ? <p className="bd-field__error">{fieldErrorText(t, errors.country.message)}</p> : null}
          </div>
          <div className="bd-field">
            <label htmlFor="register-zone">{t('auth.register.timeZone')}</label>
            <select id="register-zone" {...register('timeZone')}>
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="bd-auth__fine">
          <Trans i18nKey="auth.register.agree" components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }} />
        </p>
        <SubmitButton busy={isSubmitting}>{t('auth.register.submit')}</SubmitButton>
      </form>
      <p className="bd-auth__alt">
        {t('auth.register.haveAccount')}{' '}
        <Link className="bd-link" to="/login">
          {t('auth.register.login')}
        </Link>
      </p>
    </AuthShell>
  );
};
