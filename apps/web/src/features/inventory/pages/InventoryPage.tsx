import Inventory2Icon from '@mui/icons-material/Inventory2';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /inventory (spec 01 §2). */
export const InventoryPage = () => <ModulePage area="inventory" Icon={Inventory2Icon} guide="/procurement/inventory-management" />;
