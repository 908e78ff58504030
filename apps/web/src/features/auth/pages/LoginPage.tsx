import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, PasswordInput, SubmitButton, TextInput } from '../components/Fields.tsx';
import type { TLoginChallenge, TTwoFactorSetup } from '@bizdesk/contract';
import { login, loginTwoFactorEnable, loginTwoFactorSetup, loginWithCode } from '../api.ts';
import { CodeForm, EnrolPanel, RecoveryCodes } from '../components/TwoFactorParts.tsx';
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
  // Two-factor sign-in: the second step the server asked for, the enrolment key, the recovery codes to show once.
  const [secondStep, setSecondStep] = useState<TLoginChallenge | null>(null);
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const goOn = () => navigate(nextPathFrom(location.search), { replace: true });

  /** A refused second step: a challenge that has expired sends the person back to the password. */
  const onStepError = (error: unknown) => {
    const status = (error as { status?: number } | null)?.status;
    if (status === 401) {
      setSecondStep(null);
      setSetup(null);
      setPassword('');
    }
    setFormError(displayError(t, error));
    setBusy(false);
  };

  const onCode = async (code: string) => {
    if (!secondStep) return;
    setBusy(true);
    setFormError(null);
    try {
      await loginWithCode(secondStep.challenge, code);
      await goOn();
    } catch (error) {
      onStepError(error);
    }
  };

  const onEnrol = async (code: string) => {
    if (!secondStep) return;
    setBusy(true);
    setFormError(null);
    try {
      const { recoveryCodes } = await loginTwoFactorEnable(secondStep.challenge, code);
      setCodes(recoveryCodes);
      setBusy(false);
    } catch (error) {
      onStepError(error);
    }
  };

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
      const result = await login({ email: email.trim().toLowerCase(), password });
      if (result.secondStep) {
        if (result.secondStep.twoFactor === 'enrol') setSetup(await loginTwoFactorSetup(result.secondStep.challenge));
        setSecondStep(result.secondStep);
        setBusy(false);
        return;
      }
      await goOn();
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors({ email: fieldErrorText(t, fields.email), password: fieldErrorText(t, fields.password) });
      setFormError(displayError(t, error));
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <AuthShell title={t('auth.twoFactor.codesTitle')} subtitle={t('auth.twoFactor.enabled')}>
        <RecoveryCodes codes={codes} onDone={() => void goOn()} />
      </AuthShell>
    );
  }
  if (secondStep?.twoFactor === 'enrol' && setup) {
    return (
      <AuthShell title={t('auth.twoFactor.enrolTitle')} subtitle={t('auth.twoFactor.enrolRequired')}>
        <EnrolPanel setup={setup} onConfirm={(code) => void onEnrol(code)} busy={busy} error={formError} />
      </AuthShell>
    );
  }
  if (secondStep?.twoFactor === 'verify') {
    return (
      <AuthShell title={t('auth.twoFactor.verifyTitle')} subtitle={t('auth.twoFactor.verifySubtitle')}>
        <CodeForm onSubmit={(code) => void onCode(code)} busy={busy} error={formError} submitLabel={t('auth.twoFactor.verify')} allowRecovery />
      </AuthShell>
    );
  }

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
