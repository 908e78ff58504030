import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useUserData } from '../../users/api.ts';
import { useAttendanceSettings, usePendingReviews, useRegister } from '../api.ts';
import { TodayRegister } from '../components/TodayRegister.tsx';
import { MonthGrid } from '../components/MonthGrid.tsx';
import { EmployeeHistory } from '../components/EmployeeHistory.tsx';
import { SitesSettings } from '../components/SitesSettings.tsx';
import { GeofenceExemptions } from '../components/GeofenceExemptions.tsx';
import { LateCheckins } from '../components/LateCheckins.tsx';
import { monthOf } from '../components/labels.ts';

const TABS = ['today', 'review', 'month', 'history', 'settings'] as const;

/** /attendance/{email} (spec 01 §2): today's register, late check-ins to review, the month grid, each employee's history, sites and settings. */
export const AttendancePage = () => {
  const { t } = useTranslation('time');
  const { email = '' } = useParams();
  const user = useCurrentUser();
  const settings = useAttendanceSettings();
  const register = useRegister(email, 0);
  const account = useUserData(user._id);
  const toReview = usePendingReviews().data?.length ?? 0;
  // In the address (issue 30): a notification opens the late check-ins (?tab=review) or one employee's history.
  const [tabParam, setTab] = useQueryParam('tab');
  const tab = oneOf(tabParam, TABS, 'today');
  const [employeeParam] = useQueryParam('employee');
  const timeZone = settings.data?.timeZone ?? 'Africa/Lagos';
  const [month, setMonth] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState('');
  const currentMonth = month ?? monthOf(settings.data?.today ?? new Date().toISOString().slice(0, 10));

  return (
    <Box>
      <PageHeader title={t('attendance.title')} description={t('attendance.description', { timeZone })} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((k) => <Tab key={k} value={k} label={k === 'review' && toReview > 0 ? `${t('attendance.tabs.review')} (${toReview})` : t(`attendance.tabs.${k}`)} data-testid={`attendance-tab-${k}`} />)}
      </Tabs>
      {tab === 'today' ? <TodayRegister email={email} timeZone={timeZone} today={settings.data?.today} /> : null}
      {tab === 'review' ? <LateCheckins timeZone={timeZone} /> : null}
      {tab === 'month' ? (
        <MonthGrid month={currentMonth} onMonth={setMonth} departmentId={departmentId} onDepartment={setDepartmentId} departments={account.data?.departments ?? []} today={settings.data?.today} />
      ) : null}
      {tab === 'history' ? <EmployeeHistory employees={register.data?.employees ?? []} timeZone={timeZone} initialEmployeeId={employeeParam} key={employeeParam ?? ''} /> : null}
      {tab === 'settings' ? <Stack spacing={3}><SitesSettings userId={user._id} /><GeofenceExemptions email={email} employees={register.data?.employees ?? []} /></Stack> : null}
    </Box>
  );
};
