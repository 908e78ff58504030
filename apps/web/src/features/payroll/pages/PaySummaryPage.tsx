import BarChartIcon from '@mui/icons-material/BarChart';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /pay-summary (spec 01 §2). */
export const PaySummaryPage = () => <ModulePage area="paySummary" Icon={BarChartIcon} guide="/account/payroll" />;
