import PieChartIcon from '@mui/icons-material/PieChart';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /employee-summary (spec 01 §2). */
export const EmployeeSummaryPage = () => <ModulePage area="employeeSummary" Icon={PieChartIcon} guide="/human-resource/hr-management" />;
