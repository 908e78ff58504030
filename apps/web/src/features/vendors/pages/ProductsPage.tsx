import StorefrontIcon from '@mui/icons-material/Storefront';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /products (spec 01 §2). */
export const ProductsPage = () => <ModulePage area="products" Icon={StorefrontIcon} guide="/procurement/supplier-management" />;
