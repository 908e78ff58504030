import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /management-project-summary/{dept} (spec 01 §2). */
export const ManagementProjectSummaryPage = () => {
  const { t } = useTranslation('app');
  const { dept = '' } = useParams();
  return <ModulePage area="managementProjectSummary" Icon={AnalyticsIcon} context={[{ label: t('modules.context.dept'), value: dept }]} />;
};
