import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPassword } from '@bizdesk/contract';
import type { z } from 'zod';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, SubmitButton, TextInput } from '../components/Fields.tsx';
import { forgotPassword } from '../api.ts';
import { displayError, fieldErrorText, translateMessage } from '../../../shared/i18n/index.ts';

type TForgot = z.input<typeof ZForgotPassword>;

/** Spec 01 §2 forgotpassword: sends a reset link to the account's e-mail. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TForgot, unknown, z.output<typeof ZForgotPassword>>({ resolver: zodResolver(ZForgotPassword), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const res = await forgotPassword(email);
      setResult({ severity: 'success', text: translateMessage(t, res.message ?? '') || t('msg.forgotPasswordSent') });
    } catch (error) {
      setResult({ severity: 'error', text: displayError(t, error) });
    }
  });

  const sent = result?.severity === 'success';
  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={sent ? undefined : t('auth.forgot.subtitle')}>
      <div className="bd-form">
        {result ? <Notice severity={result.severity}>{result.text}</Notice> : null}
        {sent ? null : (
          <form className="bd-form" noValidate onSubmit={onSubmit}>
            <TextInput label={t('auth.email')} type="email" autoComplete="email" inputMode="email" autoFocus error={fieldErrorText(t, errors.email?.message)} {...register('email')} />
            <SubmitButton busy={isSubmitting}>{t('auth.forgot.submit')}</SubmitButton>
          </form>
        )}
      </div>
      <p className="bd-auth__alt">
        <Link className="bd-link" to="/login">
          {t('auth.forgot.back')}
        </Link>
      </p>
    </AuthShell>
  );
};
