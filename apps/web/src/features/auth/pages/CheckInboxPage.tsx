import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice } from '../components/Fields.tsx';
import { resendConfirmation } from '../api.ts';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';

/** Seconds before the next resend may be asked for (the server also limits it: three an hour). */
const WAIT_SECONDS = 60;

/**
 * After registering (issue 10): says where the confirmation link went and offers to send it again, instead of
 * an 8-second toast on the marketing page.
 */
export const CheckInboxPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').slice(0, 254);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    setBusy(true);
    try {
      const res = await resendConfirmation(email);
      setResult({ severity: 'success', text: translateMessage(t, res.message ?? '') });
      setWait(WAIT_SECONDS);
    } catch (error) {
      setResult({ severity: 'error', text: displayError(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.inbox.title')} subtitle={email ? t('auth.inbox.sentTo', { email }) : t('auth.inbox.sent')}>
      <div className="bd-form">
        <p className="bd-auth__subtitle">{t('auth.inbox.body')}</p>
        <div aria-live="polite">{result ? <Notice severity={result.severity}>{result.text}</Notice> : null}</div>
        {email ? (
          <button type="button" className="bd-btn bd-btn--primary" onClick={() => void resend()} disabled={busy || wait > 0} aria-busy={busy || undefined} data-testid="resend-confirmation">
            {wait > 0 ? t('auth.inbox.resendIn', { count: wait }) : t('auth.inbox.resend')}
          </button>
        ) : null}
      </div>
      <p className="bd-auth__alt">
        {t('auth.inbox.wrongAddress')}{' '}
        <Link className="bd-link" to="/register">
          {t('auth.inbox.registerAgain')}
        </Link>
        {' · '}
        <Link className="bd-link" to="/login">
          {t('auth.inbox.signIn')}
        </Link>
      </p>
    </AuthShell>
  );
};
