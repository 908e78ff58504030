import { useTranslation } from 'react-i18next';
import type { TRun } from '@bizdesk/contract';

/** "13th month — December 2026" in the reader's language (the label as typed when there is one). */
export const useRunTitle = () => {
  const { t, i18n } = useTranslation('pay');
  return (run: Pick<TRun, 'kind' | 'label' | 'month'>) => {
    const date = new Date(Number(run.month.slice(0, 4)), Number(run.month.slice(5, 7)) - 1, 1);
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(date);
    const kind = run.kind ?? 'regular';
    return kind === 'regular' ? month : t('offCycle.runTitle', { kind: run.label?.trim() || t(`offCycle.kinds.${kind}`), month });
  };
};
