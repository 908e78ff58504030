import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TDayCount } from '../activity.ts';

/** Notifications per day over the last week. */
export const ActivityChart = ({ data }: { data: readonly TDayCount[] }) => {
  const { t } = useTranslation('app');
  const theme = useTheme();
  return (
    <Box sx={{ height: 260 }} role="img" aria-label={t('dashboard.activity.chartLabel', { total: data.reduce((sum, d) => sum + d.count, 0) })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data as TDayCount[]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="day" tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <Tooltip cursor={{ fill: 'rgba(29,78,216,0.06)' }} formatter={(value) => [value, t('dashboard.activity.series')]} />
          <Bar dataKey="count" fill={theme.palette.primary.main} radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};
