import { useTranslation } from 'react-i18next';
import { dismissFlash, useFlashes } from './flash.ts';

/** Renders flash messages; plain markup so it can live in the entry chunk. */
export const FlashHost = () => {
  const flashes = useFlashes();
  const { t } = useTranslation();
  return (
    <div className="bd-flash-host" aria-live="polite">
      {flashes.map((item) => (
        <div key={item.id} className={`bd-flash bd-flash--${item.severity}`} role={item.severity === 'error' ? 'alert' : 'status'}>
          <span className="bd-flash__text">{item.message}</span>
          <button type="button" className="bd-flash__close" aria-label={t('common.close')} onClick={() => dismissFlash(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
};
