import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import InsightsIcon from '@mui/icons-material/Insights';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useSummary } from '../api.ts';
import { LoadError, Section, useProcurementTexts } from '../components/ProcurementUi.tsx';

/** Major units for the chart's scale (display only; the figures themselves stay minor units). */
const major = (minor: number) => minor / 100;

/** /procurement-summary: spend by vendor and month, open vs received orders, average approval time. */
export const ProcurementSummaryPage = () => {
  const { t, money } = useProcurementTexts();
  const query = useSummary();
  const s = query.data;
  const orderBars = s ? [
    { name: t('summary.pendingApproval'), value: s.orders.pendingApproval },
    { name: t('summary.open'), value: s.orders.open },
    { name: t('summary.partiallyReceived'), value: s.orders.partiallyReceived },
    { name: t('summary.received'), value: s.orders.received },
  ] : [];
  const isEmpty = s && s.spendByVendor.length === 0 && s.spendByMonth.length === 0 && orderBars.every((b) => b.value === 0);
  const moneyTick = (v: number) => money(Math.round(v * 100), s?.currency).replace(/[.,]00$/, '');
  return (
    <>
      <PageHeader title={t('summary.title')} description={t('summary.description')} />
      {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {isEmpty ? <EmptyState Icon={InsightsIcon} title={t('summary.empty')} body={t('summary.emptyBody')} /> : null}
      {s && !isEmpty ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section title={t('summary.spendByVendor')}>
              <Box sx={{ height: 300 }} role="img" aria-label={s.spendByVendor.map((v) => `${v.vendor}: ${money(v.totalMinor, s.currency)}`).join('; ') || t('summary.empty')}>
                <ResponsiveContainer>
                  <BarChart data={s.spendByVendor.map((v) => ({ name: v.vendor, value: major(v.totalMinor) }))} layout="vertical" margin={{ left: 24 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis type="number" tickFormatter={moneyTick} />
                    <YAxis type="category" dataKey="name" width={120} />
                    <Tooltip formatter={(v) => money(Math.round(Number(v) * 100), s.currency)} />
                    <Bar dataKey="value" fill="#1d4ed8" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section title={t('summary.spendByMonth')}>
              <Box sx={{ height: 300 }} role="img" aria-label={s.spendByMonth.map((m) => `${m.month}: ${money(m.totalMinor, s.currency)}`).join('; ') || t('summary.empty')}>
                <ResponsiveContainer>
                  <BarChart data={s.spendByMonth.map((m) => ({ name: m.month, value: major(m.totalMinor) }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="name" />
                    <YAxis tickFormatter={moneyTick} width={90} />
                    <Tooltip formatter={(v) => money(Math.round(Number(v) * 100), s.currency)} />
                    <Bar dataKey="value" fill="#047857" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section title={t('summary.orders')}>
              <Box sx={{ height: 260 }} role="img" aria-label={orderBars.map((b) => `${b.name}: ${b.value}`).join('; ')}>
                <ResponsiveContainer>
                  <BarChart data={orderBars}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="name" />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="value" fill="#b45309" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section title={t('summary.approvalTime')}>
              {s.averageApprovalHours.length === 0 ? <Typography color="text.secondary">{t('summary.emptyBody')}</Typography> : s.averageApprovalHours.map((h) => (
                <Typography key={h.service}><b>{t(`services.${h.service}`)}</b>: {t('summary.hours', { hours: h.hours, count: h.decided })}</Typography>
              ))}
            </Section>
          </Grid>
        </Grid>
      ) : null}
    </>
  );
};
