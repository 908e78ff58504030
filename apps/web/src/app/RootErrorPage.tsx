import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../shared/api/errors.ts';

/** The default error page (spec 01 §2), titled 'Unexpected Application Error!'. Plain markup: no theme needed. */
export const RootErrorPage = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  useEffect(() => {
    console.error('Unexpected application error', error);
    document.title = t('errors.pageTitle');
  }, [error, t]);
  return (
    <main className="bd-error-page">
      <div className="bd-error-card">
        <img src="/favicon.svg" alt="" width={48} height={48} />
        <h1>{t('errors.pageTitle')}</h1>
        <p>{t('errors.crash')}</p>
        {detail ? <pre>{detail}</pre> : null}
        <div className="bd-error-actions">
          <button type="button" className="bd-btn bd-btn--outlined" onClick={() => window.history.back()}>
            {t('common.back')}
          </button>
          <button type="button" className="bd-btn bd-btn--primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        </div>
      </div>
    </main>
  );
};
