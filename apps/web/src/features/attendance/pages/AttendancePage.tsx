import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /attendance/{email} (spec 01 §2). */
export const AttendancePage = () => {
  const { t } = useTranslation('app');
  const { email = '' } = useParams();
  return <ModulePage area="attendance" Icon={EventAvailableIcon} guide="/human-resource/tracker" context={[{ label: t('modules.context.business'), value: email }]} />;
};
