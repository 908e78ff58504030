import PaymentsIcon from '@mui/icons-material/Payments';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /salary (spec 01 §2). */
export const SalaryPage = () => <ModulePage area="salary" Icon={PaymentsIcon} guide="/account/payroll" />;
