import InsightsIcon from '@mui/icons-material/Insights';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /management (spec 01 §2). */
export const ManagementPage = () => <ModulePage area="management" Icon={InsightsIcon} guide="/account/report" />;
