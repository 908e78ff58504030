import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BarChartIcon from '@mui/icons-material/BarChart';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { usePaySummary } from '../api.ts';

// Charts plot major units; the division is for the chart's scale only, every label is formatted from minor units.
const toChart = (minor: number) => minor / 100;

/** /pay-summary: cost by month (gross, tax, pension, net), headcount, and cost by department. */
export const PaySummaryPage = () => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const now = new Date().getFullYear();
  const [year, setYear] = useState(now);
  const summary = usePaySummary(year);
  const money = (minor: number) => formatMinor(minor, user.currency, i18n.language);
  const months = summary.data?.months ?? [];
  const data = months.map((m) => ({ month: m.month, gross: toChart(m.grossMinor), tax: toChart(m.taxMinor), pension: toChart(m.pensionMinor), net: toChart(m.netMinor), employees: m.employees }));
  const describe = months.map((m) => `${m.month} ${money(m.grossMinor)}`).join(', ');
  const fmtTick = (v: number) => new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(v);
  const fmtTip = (v: number) => money(Math.round(v * 100));
  return (
    <>
      <PageHeader
        title={t('summary.title')}
        description={t('summary.description')}
        actions={
          <TextField select size="small" label={t('common.year')} value={year} onChange={(e) => setYear(Number(e.target.value))} sx={{ minWidth: 120 }}>
            {[now + 1, now, now - 1, now - 2, now - 3].map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
          </TextField>
        }
      />
      {!summary.isLoading && months.length === 0 ? <EmptyState Icon={BarChartIcon} title={t('summary.emptyTitle', { year })} body={t('summary.emptyBody')} /> : null}
      {months.length ? (
        <Grid container spacing={3}>
          <Grid size={12}>
            <Card><CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('summary.byMonth')}</Typography>
              <Box sx={{ height: 320 }} role="img" aria-label={t('summary.chartLabel', { title: t('summary.byMonth'), items: describe })}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis tickFormatter={fmtTick} width={70} />
                    <Tooltip formatter={(v) => fmtTip(Number(v))} />
                    <Legend />
                    <Bar dataKey="gross" name={t('salary.totals.gross')} fill="#0f766e" />
                    <Bar dataKey="tax" name={t('salary.totals.tax')} fill="#b45309" />
                    <Bar dataKey="pension" name={t('salary.totals.pension')} fill="#7c3aed" />
                    <Bar dataKey="net" name={t('salary.totals.net')} fill="#1d4ed8" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </CardContent></Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: 1 }}><CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('summary.headcount')}</Typography>
              <Box sx={{ height: 240 }} role="img" aria-label={t('summary.chartLabel', { title: t('summary.headcount'), items: months.map((m) => `${m.month} ${m.employees}`).join(', ') })}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="month" /><YAxis allowDecimals={false} /><Tooltip /><Bar dataKey="employees" name={t('common.employees')} fill="#0369a1" /></BarChart>
                </ResponsiveContainer>
              </Box>
            </CardContent></Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: 1 }}><CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('summary.byDepartment')}</Typography>
              {(summary.data?.departments ?? []).map((d) => (
                <Box key={d.department} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography>{d.department === 'No department' ? t('summary.noDepartment') : d.department} ({d.employees})</Typography>
                  <Typography sx={{ fontWeight: 600, minWidth: 0, textAlign: 'right' }}><Money minor={d.costMinor} currency={user.currency} /></Typography>
                </Box>
              ))}
            </CardContent></Card>
          </Grid>
        </Grid>
      ) : null}
    </>
  );
};
