import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /payroll/{id} (spec 01 §2). */
export const PayslipPage = () => <ModulePage area="payslip" Icon={ReceiptLongIcon} />;
