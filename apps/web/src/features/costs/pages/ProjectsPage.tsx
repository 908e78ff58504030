import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /projects/{dept} (spec 01 §2). */
export const ProjectsPage = () => {
  const { t } = useTranslation('app');
  const { dept = '' } = useParams();
  return <ModulePage area="projects" Icon={AccountTreeIcon} context={[{ label: t('modules.context.dept'), value: dept }]} />;
};
