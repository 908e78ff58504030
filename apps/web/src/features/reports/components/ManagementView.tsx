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
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import GroupsIcon from '@mui/icons-material/Groups';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import InsightsIcon from '@mui/icons-material/Insights';
import type { GridColDef } from '@mui/x-data-grid';
import type { TProjectFigures } from '@bizdesk/contract';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { useManagement } from '../../costs/api.ts';

// The chart library is large: the figures render first and the charts follow.
const PaymentsOverheadsBars = lazy(() => import('./ManagementCharts.tsx').then((m) => ({ default: m.PaymentsOverheadsBars })));
const CategoryBars = lazy(() => import('./ManagementCharts.tsx').then((m) => ({ default: m.CategoryBars })));

const ChartCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ height: 1 }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{title}</Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>{children}</Suspense>
    </CardContent>
  </Card>
);

/** Payments against overheads, stock used and payroll per project; the whole business or one department. */
export const ManagementView = ({ dept }: { dept?: string }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const view = useManagement(user.ownerEmail, dept);
  const language = i18n.language;
  const money = (minor: number | null) => (minor === null ? t('management.notReported') : formatMinor(minor, user.currency, language));
  if (view.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (view.isError || !view.data) return <Alert severity="error">{t('management.loadFailed')}</Alert>;
  const { totals, projects, months, categories } = view.data;
  if (projects.every((p) => p.recordCount === 0 && p.paymentsMinor === 0)) {
    return (
      <Card>
        <EmptyState Icon={InsightsIcon} title={t('management.emptyTitle')} body={t('management.emptyBody')}
          action={<Button component={RouterLink} to="/projects/default" variant="contained">{t('management.goProjects')}</Button>} />
      </Card>
    );
  }
  const columns: GridColDef<TProjectFigures>[] = [
    { field: 'tagName', headerName: t('fields.tagName'), flex: 1.4, minWidth: 150 },
    { field: 'dept', headerName: t('fields.dept'), width: 130 },
    moneyColumn('paymentsMinor', t('fields.payments'), { currency: user.currency, language }),
    moneyColumn('overheadsMinor', t('fields.overheads'), { currency: user.currency, language }),
    moneyColumn('stockUsedMinor', t('fields.stockUsed'), { currency: user.currency, language, valueFormatter: (v: number | null) => money(v),
      renderCell: ({ value }) => <Money minor={value as number | null} currency={user.currency} empty={t('management.notReported')} /> }),
    moneyColumn('marginMinor', t('fields.margin'), { currency: user.currency, language }),
    moneyColumn('budgetMinor', t('fields.budget'), { currency: user.currency, language }),
  ];
  const figure = (minor: number | null) => <Money compact minor={minor} currency={user.currency} empty={t('management.notReported')} />;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 2.4 }}><StatCard label={t('fields.payments')} value={<span data-testid="mgmt-payments">{figure(totals.paymentsMinor)}</span>} Icon={AccountBalanceWalletIcon} color="#0f766e" /></Grid>
      <Grid size={{ xs: 6, md: 2.4 }}><StatCard label={t('fields.overheads')} value={<span data-testid="mgmt-overheads">{figure(totals.overheadsMinor)}</span>} Icon={ReceiptLongIcon} color="#b45309" /></Grid>
      <Grid size={{ xs: 6, md: 2.4 }}><StatCard label={t('fields.stockUsed')} value={figure(totals.stockUsedMinor)} Icon={Inventory2Icon} color="#7c3aed" /></Grid>
      <Grid size={{ xs: 6, md: 2.4 }}><StatCard label={t('fields.payroll')} value={figure(totals.payrollMinor)} Icon={GroupsIcon} color="#1d4ed8" /></Grid>
      <Grid size={{ xs: 12, md: 2.4 }}><StatCard label={t('fields.margin')} value={figure(totals.marginMinor)} Icon={TrendingUpIcon} color={totals.marginMinor < 0 ? '#b91c1c' : '#047857'} /></Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('management.byProject')}>
          <PaymentsOverheadsBars title={t('management.byProject')} data={projects.map((p) => ({ label: p.tagName, payments: p.paymentsMinor, overheads: p.overheadsMinor }))} format={money} />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('management.byMonth')}>
          <PaymentsOverheadsBars title={t('management.byMonth')} data={months.map((m) => ({ label: m.month, payments: m.paymentsMinor, overheads: m.overheadsMinor }))} format={money} />
        </ChartCard>
      </Grid>
      {categories.length ? (
        <Grid size={12}>
          <ChartCard title={t('management.byCategory')}><CategoryBars title={t('management.byCategory')} data={categories} format={money} /></ChartCard>
        </Grid>
      ) : null}
      <Grid size={12}>
        <Card><CardContent><DataTable<TProjectFigures> label={t('management.table')} rows={projects} getRowId={(r) => r.tagName} columns={columns} /></CardContent></Card>
      </Grid>
    </Grid>
  );
};
