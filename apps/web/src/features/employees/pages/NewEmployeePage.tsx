import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /new-employee (spec 01 §2). */
export const NewEmployeePage = () => <ModulePage area="newEmployee" Icon={PersonAddIcon} guide="/human-resource/hr-management" />;
