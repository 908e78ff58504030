import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useRegister } from '../../attendance/api.ts';
import { ComplaintsPanel } from '../components/ComplaintsPanel.tsx';
import { PolicyPanel } from '../components/PolicyPanel.tsx';

const TABS = ['complaints', 'policy'] as const;

/** /complaints (issue 33): the HR helpdesk, its own screen (it lived under Leave; /leave/…?tab=complaints comes here). */
export const ComplaintsPage = () => {
  const { t } = useTranslation('time');
  const user = useCurrentUser();
  const [tabParam, setTab] = useQueryParam('tab');
  const tab = oneOf(tabParam, TABS, 'complaints');
  const register = useRegister(user.ownerEmail ?? user.email, 0);
  return (
    <Box>
      <PageHeader title={t('complaints.title')} description={t('complaints.description')} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((k) => <Tab key={k} value={k} label={t(`complaints.tabs.${k}`)} data-testid={`complaints-tab-${k}`} />)}
      </Tabs>
      {tab === 'complaints' ? <ComplaintsPanel employees={register.data?.employees ?? []} /> : null}
      {tab === 'policy' ? <PolicyPanel /> : null}
    </Box>
  );
};
