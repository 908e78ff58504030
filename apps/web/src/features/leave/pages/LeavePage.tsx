import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useAttendanceSettings, useRegister } from '../../attendance/api.ts';
import { LeaveRequests } from '../components/LeaveRequests.tsx';
import { LeaveBalances } from '../components/LeaveBalances.tsx';
import { LeaveSettings } from '../components/LeaveSettings.tsx';

const TABS = ['requests', 'balances', 'settings'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /leave/{unit} (spec 01 §2): requests to decide, balances, leave types and holidays (complaints: /complaints). {unit} narrows to one
 * unit when it is a unit's id; anything else (the navigation opens /leave/all) shows every unit.
 */
export const LeavePage = () => {
  const { t } = useTranslation('time');
  const { unit = '' } = useParams();
  const user = useCurrentUser();
  // In the address (issue 30): a notification or a dashboard card opens a tab, a status or one request.
  const [tabParam, setTab] = useQueryParam('tab');
  const tab = oneOf(tabParam, TABS, 'requests');
  const settings = useAttendanceSettings();
  const register = useRegister(user.ownerEmail ?? user.email, 0);
  const unitId = UUID.test(unit) ? unit : undefined;
  const employees = register.data?.employees ?? [];
  const year = Number((settings.data?.today ?? new Date().toISOString()).slice(0, 4));
  // Complaints have their own screen (issue 33): old links to the Leave tab still arrive there.
  if (tabParam === 'complaints') return <Navigate to="/complaints" replace />;
  return (
    <Box>
      <PageHeader title={t('leave.title')} description={t('leave.description')} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((k) => <Tab key={k} value={k} label={t(`leave.tabs.${k}`)} data-testid={`leave-tab-${k}`} />)}
      </Tabs>
      {tab === 'requests' ? <LeaveRequests unitId={unitId} employees={employees} /> : null}
      {tab === 'balances' ? <LeaveBalances unitId={unitId} /> : null}
      {tab === 'settings' ? <LeaveSettings year={year} /> : null}
    </Box>
  );
};
