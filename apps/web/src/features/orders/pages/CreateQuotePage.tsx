import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /create-quote/{contractId} (spec 01 §2). */
export const CreateQuotePage = () => <ModulePage area="createQuote" Icon={RequestQuoteIcon} />;
