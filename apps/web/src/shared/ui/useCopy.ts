import { useTranslation } from 'react-i18next';
import { flash } from './flash.ts';

/** Copies a text to the clipboard and says whether it worked (a code, a secret, a link). */
export const useCopy = () => {
  const { t } = useTranslation('people');
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      flash(t('common.copied'), 'success', 3000);
    } catch {
      flash(t('common.copyFailed'), 'error');
    }
  };
};
