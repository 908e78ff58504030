import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BarChartIcon from '@mui/icons-material/BarChart';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { EmployeeCostTable } from '../components/EmployeeCostTable.tsx';
import { usePaySummary, type TPaySummary } from '../api.ts';

type TMonthRow = TPaySummary['months'][number];

// Charts plot major units; the division is for the chart's scale only, every label is formatted from minor units.
const toChart = (minor: number) => minor / 100;

/**
 * /pay-summary: cost by month (gross, tax, pension, net, employer contributions, cost to the employer), headcount,
 * and for one month (default the year's latest run) the cost to the employer by department and per employee.
 */
export const PaySummaryPage = () => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const now = new Date().getFullYear();
  const [year, setYear] = useState(now);
  // The month of the department and per-employee costs: chosen, or the year's latest computed run.
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const summary = usePaySummary(year, chosenMonth);
  const costMonth = summary.data?.costMonth ?? null;
  const money = (minor: number) => formatMinor(minor, user.currency, i18n.language);
  const months = summary.data?.months ?? [];
  const data = months.map((m) => ({ month: m.month, gross: toChart(m.grossMinor), tax: toChart(m.taxMinor), pension: toChart(m.pensionMinor), net: toChart(m.netMinor), employees: m.employees }));
  const describe = months.map((m) => `${m.month} ${money(m.grossMinor)}`).join(', ');
  const fmtTick = (v: number) => new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(v);
  const fmtTip = (v: number) => money(Math.round(v * 100));
  const computedMonths = months.filter((m) => m.employees > 0);
  const costTotals = months.find((m) => m.month === costMonth) ?? null;
  const monthColumns = useMemo<GridColDef<TMonthRow>[]>(() => {
    const amount = (field: keyof TMonthRow, header: string) => moneyColumn<TMonthRow>(field, header, { currency: user.currency, language: i18n.language, minWidth: 130 });
    return [
      { field: 'month', headerName: t('common.month'), minWidth: 100 },
      { field: 'status', headerName: t('summary.columns.status'), minWidth: 110, valueFormatter: (v: string) => t(`salary.status.${v as 'draft'}`) },
      { field: 'employees', headerName: t('common.employees'), type: 'number', minWidth: 100 },
      amount('grossPayMinor', t('summary.columns.grossPay')),
      amount('taxMinor', t('salary.totals.tax')),
      amount('pensionMinor', t('salary.totals.pension')),
      amount('netMinor', t('salary.totals.net')),
      amount('employerMinor', t('summary.columns.employer')),
      amount('employerCostMinor', t('summary.columns.cost')),
    ];
  }, [t, user.currency, i18n.language]);
  return (
    <>
      <PageHeader
        title={t('summary.title')}
        description={t('summary.description')}
        actions={
          <TextField select size="small" label={t('common.year')} value={year} onChange={(e) => { setYear(Number(e.target.value)); setChosenMonth(null); }} sx={{ minWidth: 120 }}>
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
          <Grid size={12}>
            <Card>
              <CardContent sx={{ pb: 0 }}><Typography variant="h6" component="h2">{t('summary.months')}</Typography></CardContent>
              <DataTable<TMonthRow> label={`${t('summary.months')} ${year}`} rows={months} columns={monthColumns} getRowId={(row) => row.month}
                keyColumns={['month', 'employerCostMinor']} initialState={{ pagination: { paginationModel: { pageSize: 12 } } }} pageSizeOptions={[12]} />
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: 1 }}><CardContent>
              <Typography variant="h6" component="h2">{t('summary.byDepartment', { month: costMonth ?? '' })}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('summary.departmentNote')}</Typography>
              {(summary.data?.departments ?? []).map((d) => (
                <Box key={d.department} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography>{d.department === 'No department' ? t('summary.noDepartment') : d.department} ({d.employees})</Typography>
                  <Typography sx={{ fontWeight: 600, minWidth: 0, textAlign: 'right' }}><Money minor={d.costMinor} currency={user.currency} /></Typography>
                </Box>
              ))}
            </CardContent></Card>
          </Grid>
          <Grid size={12}>
            <Card>
              <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
                  <Box>
                    <Typography variant="h6" component="h2">{t('summary.perEmployee')}</Typography>
                    <Typography variant="body2" color="text.secondary">{t('summary.perEmployeeNote')}</Typography>
                  </Box>
                  {computedMonths.length ? (
                    <TextField select size="small" label={t('summary.costMonth')} value={costMonth ?? ''} onChange={(e) => setChosenMonth(e.target.value)} sx={{ minWidth: 160 }}
                      slotProps={{ htmlInput: { 'data-testid': 'summary-cost-month' } }}>
                      {computedMonths.map((m) => <MenuItem key={m.month} value={m.month}>{m.month}</MenuItem>)}
                    </TextField>
                  ) : null}
                </Stack>
              </CardContent>
              {costMonth && costTotals && costTotals.employees > 0
                ? <EmployeeCostTable month={costMonth} currency={user.currency} totals={costTotals} />
                : <CardContent><Typography color="text.secondary">{t('summary.noRun', { month: costMonth ?? year })}</Typography></CardContent>}
            </Card>
          </Grid>
        </Grid>
      ) : null}
    </>
  );
};
