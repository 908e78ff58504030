import GroupsIcon from '@mui/icons-material/Groups';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /employee (spec 01 §2). */
export const EmployeesPage = () => <ModulePage area="employees" Icon={GroupsIcon} guide="/human-resource/hr-management" />;
