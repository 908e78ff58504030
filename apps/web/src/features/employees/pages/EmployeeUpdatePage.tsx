import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /employee-update/{id} (spec 01 §2). */
export const EmployeeUpdatePage = () => {
  const { t } = useTranslation('app');
  const { id = '' } = useParams();
  return <ModulePage area="employeeUpdate" Icon={ManageAccountsIcon} guide="/human-resource/hr-management" context={[{ label: t('modules.context.employee'), value: id }]} />;
};
