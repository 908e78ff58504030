import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis, Legend } from 'recharts';

export type TChartDatum = { label: string; count: number };

const PALETTE = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#be185d', '#047857', '#4338ca', '#0369a1', '#a16207', '#9f1239'];

/** A text equivalent of a chart for screen readers: "Operations 4, Finance 2". */
const describe = (data: readonly TChartDatum[]) => data.map((d) => `${d.label} ${d.count}`).join(', ');

/** Counts per category as horizontal bars (long department names stay readable). */
export const CountBars = ({ title, data, series }: { title: string; data: readonly TChartDatum[]; series: string }) => {
  const { t } = useTranslation('people');
  const theme = useTheme();
  const height = Math.max(160, data.length * 36 + 40);
  return (
    <Box sx={{ height }} role="img" aria-label={t('summary.chartLabel', { title, items: describe(data) })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data as TChartDatum[]} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} stroke={theme.palette.divider} />
          <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={140} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.primary, fontSize: 12 }} />
          <Tooltip cursor={{ fill: 'rgba(29,78,216,0.06)' }} formatter={(value) => [value, series]} />
          <Bar dataKey="count" fill={theme.palette.primary.main} radius={[0, 6, 6, 0]} maxBarSize={24} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};

/** Joiners per month as columns. */
export const MonthColumns = ({ title, data, series }: { title: string; data: readonly TChartDatum[]; series: string }) => {
  const { t } = useTranslation('people');
  const theme = useTheme();
  return (
    <Box sx={{ height: 260 }} role="img" aria-label={t('summary.chartLabel', { title, items: describe(data) })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data as TChartDatum[]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" interval={0} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 11 }} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <Tooltip cursor={{ fill: 'rgba(15,118,110,0.06)' }} formatter={(value) => [value, series]} />
          <Bar dataKey="count" fill={theme.palette.secondary.main} radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};

/** Shares of a whole (employment types). */
export const ShareDonut = ({ title, data }: { title: string; data: readonly TChartDatum[] }) => {
  const { t } = useTranslation('people');
  return (
    <Box sx={{ height: 260 }} role="img" aria-label={t('summary.chartLabel', { title, items: describe(data) })}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={data as TChartDatum[]} dataKey="count" nameKey="label" innerRadius={60} outerRadius={95} paddingAngle={data.length > 1 ? 2 : 0} isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.label} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend verticalAlign="bottom" height={36} />
        </PieChart>
      </ResponsiveContainer>
    </Box>
  );
};
