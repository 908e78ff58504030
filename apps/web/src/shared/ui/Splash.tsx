import { useTranslation } from 'react-i18next';

/** Full-screen loading state while the first route loads. */
export const Splash = () => {
  const { t } = useTranslation();
  return (
    <div className="bd-splash" role="status" aria-live="polite">
      <img src="/favicon.svg" alt="" width={48} height={48} />
      <span className="bd-spinner" aria-hidden="true" />
      <span className="bd-visually-hidden">{t('common.loading')}</span>
    </div>
  );
};
