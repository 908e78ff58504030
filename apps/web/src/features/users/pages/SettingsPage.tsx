import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCollectionPoints, useUserData } from '../api.ts';
import { UsersPanel } from '../components/UsersPanel.tsx';
import { DesignationsPanel } from '../components/DesignationsPanel.tsx';
import { DepartmentsPanel } from '../components/DepartmentsPanel.tsx';
import { AccessPointsPanel } from '../components/AccessPointsPanel.tsx';

const TABS = ['users', 'departments', 'designations', 'points'] as const;
type TTab = (typeof TABS)[number];

/**
 * On a phone the four tabs do not fit one row, and a scrolled-away "Access points" went unnoticed (issue 10):
 * there they sit two by two, every one in sight, the chosen one underlined and shaded.
 */
const PHONE_TABS_SX = {
  '& .MuiTabs-list': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { maxWidth: 'none', minHeight: 44, px: 1, borderBottom: '2px solid transparent' },
  '& .MuiTab-root.Mui-selected': { borderBottomColor: 'primary.main', bgcolor: 'action.selected' },
} as const;

/** Spec 01 §2 /user: users and roles, departments, and data collection points. */
export const SettingsPage = () => {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: TTab = TABS.includes(params.get('tab') as TTab) ? (params.get('tab') as TTab) : 'users';
  const data = useUserData(user._id);
  const points = useCollectionPoints(user.ownerEmail);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TTab) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
          variant={isPhone ? 'standard' : 'scrollable'}
          allowScrollButtonsMobile
          sx={isPhone ? PHONE_TABS_SX : undefined}
          aria-label={t('settings.title')}
          data-testid="settings-tabs"
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`settings.tabs.${value}`)} id={`settings-tab-${value}`} aria-controls={`settings-panel-${value}`} />
          ))}
        </Tabs>
      </Box>
      {data.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void data.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {displayError(t, data.error)}
        </Alert>
      ) : null}
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'users' ? <UsersPanel users={data.data?.users ?? []} currentUser={user} loading={data.isLoading} /> : null}
        {tab === 'departments' ? <DepartmentsPanel departments={data.data?.departments ?? []} user={user} loading={data.isLoading} /> : null}
        {tab === 'designations' ? <DesignationsPanel user={user} /> : null}
        {tab === 'points' ? (
          <>
            {points.isError ? (
              <Alert severity="error" sx={{ mb: 3 }}>
                {displayError(t, points.error)}
              </Alert>
            ) : null}
            <AccessPointsPanel points={points.data ?? data.data?.collectionPoints ?? []} departments={data.data?.departments ?? []} user={user} loading={points.isLoading} />
          </>
        ) : null}
      </Box>
    </>
  );
};
