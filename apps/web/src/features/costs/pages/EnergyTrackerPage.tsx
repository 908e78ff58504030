import BoltIcon from '@mui/icons-material/Bolt';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /tracker (spec 01 §2). */
export const EnergyTrackerPage = () => <ModulePage area="tracker" Icon={BoltIcon} />;
