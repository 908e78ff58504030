import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /fleet-requisition (spec 01 §2). */
export const FleetRequisitionPage = () => <ModulePage area="fleetRequisition" Icon={LocalShippingIcon} />;
