import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { ModulePage } from '../../../shared/ui/ModulePage.tsx';

/** /schedule (spec 01 §2). */
export const SchedulePage = () => <ModulePage area="schedule" Icon={CalendarMonthIcon} />;
