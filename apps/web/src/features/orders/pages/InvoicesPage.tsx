import ReceiptIcon from '@mui/icons-material/Receipt';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /invoices (spec 01 §2). */
export const InvoicesPage = () => <ModulePage area="invoices" Icon={ReceiptIcon} guide="/account/receivable-payable" />;
