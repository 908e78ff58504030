import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, PasswordInput, SubmitButton, TextInput } from '../components/Fields.tsx';
import { login } from '../api.ts';
import { displayError, fieldErrorText } from '../../../shared/i18n/index.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';
import { nextPathFrom } from '../../../app/guards.ts';

type TErrors = { email?: string; password?: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 01 §2 login. Validated by hand, not with zod, to keep the route's first load small. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (): TErrors => {
    const next: TErrors = {};
    if (!email.trim()) next.email = t('validation.required');
    else if (!EMAIL_PATTERN.test(email.trim())) next.email = t('validation.email');
    if (!password) next.password = t('validation.required');
    return next;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await login({ email: email.trim().toLowerCase(), password });
      await navigate(nextPathFrom(location.search), { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors({ email: fieldErrorText(t, fields.email), password: fieldErrorText(t, fields.password) });
      setFormError(displayError(t, error));
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form className="bd-form" noValidate onSubmit={onSubmit} aria-describedby={formError ? 'login-error' : undefined}>
        {formError ? (
          <div id="login-error">
            <Notice severity="error">{formError}</Notice>
          </div>
        ) : null}
        <TextInput
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton busy={busy}>{t('auth.login.submit')}</SubmitButton>
        {/* After the button: Tab follows the form (e-mail, password, sign in), then the links. */}
        <p className="bd-auth__forgot">
          <Link className="bd-link" to="/forgotpassword">
            {t('auth.login.forgot')}
          </Link>
        </p>
      </form>
      <p className="bd-auth__alt">
        {t('auth.login.noAccount')}{' '}
        <Link className="bd-link" to="/register">
          {t('auth.login.register')}
        </Link>
      </p>
    </AuthShell>
  );
};
