import FactCheckIcon from '@mui/icons-material/FactCheck';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /approval (spec 01 §2). */
export const ApprovalPage = () => <ModulePage area="approval" Icon={FactCheckIcon} />;
