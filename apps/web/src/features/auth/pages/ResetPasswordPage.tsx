import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZResetPassword } from '@bizdesk/contract';
import { z } from 'zod';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, PasswordInput, SubmitButton } from '../components/Fields.tsx';
import { resetPassword } from '../api.ts';
import { displayError, fieldErrorText, translateMessage } from '../../../shared/i18n/index.ts';

const ZResetForm = ZResetPassword.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'mismatch' });
type TResetForm = z.infer<typeof ZResetForm>;

/** Spec 01 §2 resetpassword/{id}/{token}: choose a new password from the e-mailed link. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const { id = '', token = '' } = useParams();
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TResetForm>({ resolver: zodResolver(ZResetForm), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const res = await resetPassword(id, token, password);
      setResult({ severity: 'success', text: res.message ? translateMessage(t, res.message) : t('msg.passwordReset') });
    } catch (error) {
      // Spec 01 §8: the reset rejects with the whole response data; its message is what people read.
      setResult({ severity: 'error', text: displayError(t, error) });
    }
  });

  const done = result?.severity === 'success';
  const confirmError = errors.confirm?.message === 'mismatch' ? t('auth.reset.mismatch') : fieldErrorText(t, errors.confirm?.message);
  return (
    <AuthShell title={t('auth.reset.title')} subtitle={done ? undefined : t('auth.reset.subtitle')}>
      <div className="bd-form">
        {result ? <Notice severity={result.severity}>{result.text}</Notice> : null}
        {done ? (
          <Link className="bd-btn bd-btn--primary" to="/login">
            {t('auth.reset.toLogin')}
          </Link>
        ) : (
          <form className="bd-form" noValidate onSubmit={onSubmit}>
            <PasswordInput label={t('auth.reset.newPassword')} autoComplete="new-password" autoFocus error={fieldErrorText(t, errors.password?.message)} {...register('password')} />
            <PasswordInput label={t('auth.reset.confirmPassword')} autoComplete="new-password" error={confirmError} {...register('confirm')} />
            <SubmitButton busy={isSubmitting}>{t('auth.reset.submit')}</SubmitButton>
          </form>
        )}
      </div>
      {done ? null : (
        <p className="bd-auth__alt">
          <Link className="bd-link" to="/login">
            {t('auth.forgot.back')}
          </Link>
        </p>
      )}
    </AuthShell>
  );
};
