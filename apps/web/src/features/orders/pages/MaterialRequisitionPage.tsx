import AssignmentIcon from '@mui/icons-material/Assignment';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /material-requisition (spec 01 §2). */
export const MaterialRequisitionPage = () => <ModulePage area="materialRequisition" Icon={AssignmentIcon} />;
