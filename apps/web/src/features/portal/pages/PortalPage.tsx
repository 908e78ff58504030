import KeyIcon from '@mui/icons-material/Key';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /portal (spec 01 §2). */
export const PortalPage = () => <ModulePage area="portal" Icon={KeyIcon} />;
