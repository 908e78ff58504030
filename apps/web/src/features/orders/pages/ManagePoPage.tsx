import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /manage-po (spec 01 §2). */
export const ManagePoPage = () => <ModulePage area="managePo" Icon={ShoppingCartIcon} guide="/procurement/purchase-orders" />;
