import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /collection/{dept} (spec 01 §2). */
export const CollectionPage = () => {
  const { t } = useTranslation('app');
  const { dept = '' } = useParams();
  return <ModulePage area="collection" Icon={PinDropIcon} context={[{ label: t('modules.context.dept'), value: dept }]} />;
};
