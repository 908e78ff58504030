import TuneIcon from '@mui/icons-material/Tune';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /wages (spec 01 §2). */
export const WagesPage = () => <ModulePage area="wages" Icon={TuneIcon} guide="/account/payroll" />;
