import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { flash } from '../shared/ui/flash.ts';

/**
 * Spec 01 §2: a crashing screen shows "Something went wrong. Please try again later." and the user is sent
 * back one page. Used as the ErrorBoundary of every page route; plain markup so it works before the theme loads.
 */
export const CrashScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    console.error('Screen crashed', error);
    flash(t('errors.crash'), 'error');
    // 'default' is the key of the first page of the tab: there is nothing of ours to go back to.
    if (location.key !== 'default') void navigate(-1);
    else if (location.pathname !== '/') void navigate('/', { replace: true });
  }, [error, location.key, location.pathname, navigate, t]);

  return (
    <div className="bd-error-page" role="alert">
      <div className="bd-error-card">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <p style={{ marginTop: 16 }}>{t('errors.crash')}</p>
      </div>
    </div>
  );
};
