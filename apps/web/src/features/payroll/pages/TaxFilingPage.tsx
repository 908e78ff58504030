import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /tax-filling (spec 01 §2). */
export const TaxFilingPage = () => <ModulePage area="taxFiling" Icon={RequestQuoteIcon} guide="/account/payroll" />;
