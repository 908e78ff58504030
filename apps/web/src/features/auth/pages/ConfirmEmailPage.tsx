import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice } from '../components/Fields.tsx';
import { confirmEmail } from '../api.ts';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session.ts';
import { getStoredToken } from '../../../shared/api/token.ts';

type TResult = { severity: 'success' | 'error'; text: string };

/** Spec 01 §2 confirm-email/{code}: confirms the address as soon as the link is opened. */
export const ConfirmEmailPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const { isAuthenticated } = useSession();
  const [result, setResult] = useState<TResult | null>(null);

  useEffect(() => {
    let live = true;
    confirmEmail(code).then(
      (res) => live && setResult({ severity: 'success', text: res.message ? translateMessage(t, res.message) : t('msg.emailConfirmed') }),
      (error: unknown) => live && setResult({ severity: 'error', text: displayError(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [code, t]);

  const signedIn = isAuthenticated || !!getStoredToken();
  return (
    <AuthShell title={t('auth.confirm.title')}>
      <div className="bd-form">
        {result ? (
          <>
            <Notice severity={result.severity}>{result.text}</Notice>
            <Link className="bd-btn bd-btn--primary" to={signedIn ? '/' : '/login'}>
              {signedIn ? t('auth.confirm.toDashboard') : t('auth.confirm.toLogin')}
            </Link>
          </>
        ) : (
          <div className="bd-auth__status" role="status">
            <span className="bd-spinner" aria-hidden="true" />
            <span>{t('auth.confirm.working')}</span>
          </div>
        )}
      </div>
    </AuthShell>
  );
};
