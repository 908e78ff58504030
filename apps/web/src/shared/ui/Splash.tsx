import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredToken } from '../api/token.ts';
import { prepareFormatsAfterPaint } from '../format/prepareFormats.ts';

/** Full-screen loading state while the first route loads. */
export const Splash = () => {
  const { t } = useTranslation();
  // A signed-in start: the locale data its first screen formats with is set up while its code downloads.
  useEffect(() => {
    if (getStoredToken()) prepareFormatsAfterPaint();
  }, []);
  return (
    <div className="bd-splash" role="status" aria-live="polite">
      <img src="/favicon.svg" alt="" width={48} height={48} />
      <span className="bd-spinner" aria-hidden="true" />
      <span className="bd-visually-hidden">{t('common.loading')}</span>
    </div>
  );
};
