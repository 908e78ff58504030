import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import BeachAccessIcon from '@mui/icons-material/BeachAccess';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /leave/{unit} (spec 01 §2). */
export const LeavePage = () => {
  const { t } = useTranslation('app');
  const { unit = '' } = useParams();
  return <ModulePage area="leave" Icon={BeachAccessIcon} context={[{ label: t('modules.context.unit'), value: unit }]} />;
};
