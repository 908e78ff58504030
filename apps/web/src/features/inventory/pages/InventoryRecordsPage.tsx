import SwapVertIcon from '@mui/icons-material/SwapVert';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /inventory-records (spec 01 §2). */
export const InventoryRecordsPage = () => <ModulePage area="inventoryRecords" Icon={SwapVertIcon} guide="/procurement/inventory-management" />;
