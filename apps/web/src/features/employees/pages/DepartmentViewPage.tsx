import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /department-view/{unit}/{dept} (spec 01 §2). */
export const DepartmentViewPage = () => {
  const { t } = useTranslation('app');
  const { unit = '', dept = '' } = useParams();
  return <ModulePage area="departmentView" Icon={FolderSharedIcon} guide="/human-resource/media" context={[{ label: t('modules.context.unit'), value: unit }, { label: t('modules.context.dept'), value: dept }]} />;
};
