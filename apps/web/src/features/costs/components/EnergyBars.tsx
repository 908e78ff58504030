import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type TBarDatum = { label: string; value: number; display: string; isAlert?: boolean };

/** Columns per month or per project, with a text equivalent for screen readers; alert months in orange. */
export const EnergyBars = ({ title, data }: { title: string; data: TBarDatum[] }) => {
  const { t } = useTranslation('inventory');
  const theme = useTheme();
  return (
    <Box sx={{ height: 260 }} role="img" aria-label={t('energy.chartLabel', { title, items: data.map((d) => `${d.label} ${d.display}`).join(', ') })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 11 }} />
          <YAxis tickLine={false} axisLine={false} width={70} tick={{ fill: theme.palette.text.secondary, fontSize: 11 }} />
          <Tooltip formatter={(_v, _n, item) => [(item.payload as TBarDatum).display, title]} />
          <Bar dataKey="value" radius={[6, 6, 0, 0]} maxBarSize={40}>
            {data.map((d) => <Cell key={d.label} fill={d.isAlert ? theme.palette.warning.main : theme.palette.primary.main} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};
