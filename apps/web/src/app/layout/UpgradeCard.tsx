import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AutoAwesomeIcon } from '../../shared/ui/icons/startIcons.ts';
import './nav.css';

/** Spec 01 §1: the upgrade card, 'Get more?' / 'AI analytics' / 'Upgrade to Pro'. Static CSS (nav.css). */
export const UpgradeCard = () => {
  const { t } = useTranslation('app');
  return (
    <div className="bd-upgrade">
      <AutoAwesomeIcon fontSize="inherit" className="bd-upgrade__art" />
      <p className="bd-upgrade__title">{t('upgrade.title')}</p>
      <p className="bd-upgrade__text">{t('upgrade.subtitle')}</p>
      <RouterLink to="/home#pricing" className="bd-upgrade__action">
        {t('upgrade.action')}
      </RouterLink>
    </div>
  );
};
