import { displayLocale } from '../../../shared/format/dates.ts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import GroupsIcon from '@mui/icons-material/Groups';
import ApartmentIcon from '@mui/icons-material/Apartment';
import WorkIcon from '@mui/icons-material/WorkOutline';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PieChartIcon from '@mui/icons-material/PieChart';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatNumber } from '../../../shared/format/dates.ts';
import { useEmployeeSummary } from '../api.ts';

// The chart library is large: the figures render first and the charts follow.
const CountBars = lazy(() => import('../components/SummaryCharts.tsx').then((m) => ({ default: m.CountBars })));
const MonthColumns = lazy(() => import('../components/SummaryCharts.tsx').then((m) => ({ default: m.MonthColumns })));
const ShareDonut = lazy(() => import('../components/SummaryCharts.tsx').then((m) => ({ default: m.ShareDonut })));

const ChartCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ height: 1 }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={220} />}>{children}</Suspense>
    </CardContent>
  </Card>
);

/** "2026-03" as "Mar 26" in the user's language. */
const monthLabel = (month: string, language: string) => {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(displayLocale(language), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
};

/** /employee-summary (spec 01 §2): headcount by department and designation, joiners by month. */
export const EmployeeSummaryPage = () => {
  const { t, i18n } = useTranslation('people');
  const language = i18n.language;
  const summary = useEmployeeSummary();
  const data = summary.data;
  const joiners = data?.joinersByMonth.reduce((n, m) => n + m.count, 0) ?? 0;
  const stats = [
    { key: 'headcount', Icon: GroupsIcon, color: '#1d4ed8', value: data?.headcount },
    { key: 'departments', Icon: ApartmentIcon, color: '#7c3aed', value: data?.byDepartment.filter((d) => d.departmentId).length },
    { key: 'designations', Icon: WorkIcon, color: '#0f766e', value: data?.byDesignation.filter((d) => d.designationId).length },
    { key: 'joiners', Icon: PersonAddIcon, color: '#b45309', value: data ? joiners : undefined },
  ];

  return (
    <>
      <PageHeader
        title={t('summary.title')}
        description={t('summary.description')}
        actions={
          <Button component={RouterLink} to="/employee" variant="outlined" startIcon={<GroupsIcon />}>
            {t('list.title')}
          </Button>
        }
      />
      {summary.isError ? (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => void summary.refetch()}>{t('common.retry')}</Button>}>
          {displayError(t, summary.error)}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {stats.map(({ key, Icon, color, value }) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <StatCard label={t(`summary.${key}`)} value={value === undefined ? '—' : formatNumber(value, language)} Icon={Icon} color={color} loading={summary.isLoading} />
          </Grid>
        ))}
      </Grid>
      {data && data.headcount === 0 ? (
        <Card>
          <EmptyState
            Icon={PieChartIcon}
            title={t('summary.emptyTitle')}
            body={t('summary.emptyBody')}
            action={
              <Button component={RouterLink} to="/new-employee" variant="contained" startIcon={<PersonAddIcon />}>
                {t('list.add')}
              </Button>
            }
          />
        </Card>
      ) : data ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={t('summary.byDepartment')}>
              <CountBars title={t('summary.byDepartment')} series={t('summary.series')} data={data.byDepartment.map((d) => ({ label: d.departmentId ? d.department : t('form.noDepartment'), count: d.count }))} />
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={t('summary.byDesignation')}>
              <CountBars title={t('summary.byDesignation')} series={t('summary.series')} data={data.byDesignation.map((d) => ({ label: d.designationId ? d.designation : t('form.noDesignation'), count: d.count }))} />
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <ChartCard title={t('summary.joinersByMonth')}>
              <MonthColumns title={t('summary.joinersByMonth')} series={t('summary.joinersSeries')} data={data.joinersByMonth.map((m) => ({ label: monthLabel(m.month, language), count: m.count }))} />
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <ChartCard title={t('summary.byEmploymentType')}>
              <ShareDonut title={t('summary.byEmploymentType')} data={data.byEmploymentType.map((d) => ({ label: t(`employmentType.${d.employmentType}`, { defaultValue: d.employmentType }), count: d.count }))} />
            </ChartCard>
          </Grid>
        </Grid>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Skeleton variant="rounded" height={300} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Skeleton variant="rounded" height={300} />
          </Grid>
        </Grid>
      )}
    </>
  );
};
