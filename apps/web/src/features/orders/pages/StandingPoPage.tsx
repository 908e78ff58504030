import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /standing-po (spec 01 §2). */
export const StandingPoPage = () => <ModulePage area="standingPo" Icon={EventRepeatIcon} guide="/procurement/purchase-orders" />;
