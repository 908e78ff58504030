import BadgeIcon from '@mui/icons-material/Badge';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /employee-detail (spec 01 §2). */
export const EmployeeDetailPage = () => <ModulePage area="employeeDetail" Icon={BadgeIcon} guide="/human-resource/hr-management" />;
