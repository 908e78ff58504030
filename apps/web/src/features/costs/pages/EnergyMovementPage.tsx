import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /energy-movement (spec 01 §2). */
export const EnergyMovementPage = () => <ModulePage area="energyMovement" Icon={LocalGasStationIcon} />;
