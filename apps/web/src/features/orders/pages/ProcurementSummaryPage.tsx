import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /procurement-summary (spec 01 §2). */
export const ProcurementSummaryPage = () => <ModulePage area="procurementSummary" Icon={QueryStatsIcon} guide="/procurement/procurement-data" />;
