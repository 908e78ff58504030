import HandshakeIcon from '@mui/icons-material/Handshake';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /manage-client (spec 01 §2). */
export const ManageClientPage = () => <ModulePage area="manageClient" Icon={HandshakeIcon} guide="/procurement/supplier-management" />;
