import RuleIcon from '@mui/icons-material/Rule';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /appraisal-config (spec 01 §2). */
export const AppraisalConfigPage = () => <ModulePage area="appraisalConfig" Icon={RuleIcon} guide="/human-resource/performance" />;
