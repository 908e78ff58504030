import GradingIcon from '@mui/icons-material/Grading';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /appraisal/{token} (spec 01 §2). */
export const AppraisalFormPage = () => <ModulePage area="appraisalForm" Icon={GradingIcon} />;
