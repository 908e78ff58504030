import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /inventory/{email}/{selectTag} (spec 01 §2). */
export const ProjectInventoryPage = () => {
  const { t } = useTranslation('app');
  const { email = '', selectTag = '' } = useParams();
  return <ModulePage area="projectInventory" Icon={WarehouseIcon} guide="/procurement/inventory-management" context={[{ label: t('modules.context.business'), value: email }, { label: t('modules.context.project'), value: selectTag }]} />;
};
