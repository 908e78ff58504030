import { useTranslation } from 'react-i18next';
import { displayLocale } from '../../../shared/format/dates.ts';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type TMoneyDatum = { label: string; payments: number; overheads: number };

/** Payments against overheads per label (project or month), in major units for the axis; the exact figures are in the table. */
/** An axis of major units: "45M", "45 Mio." (issue 30: no nine-digit ticks). */
const useCompactTick = () => {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(displayLocale(i18n.language), { notation: 'compact', maximumSignificantDigits: 3 });
  return (value: number) => format.format(value);
};

export const PaymentsOverheadsBars = ({ title, data, format }: { title: string; data: readonly TMoneyDatum[]; format: (minor: number) => string }) => {
  const { t } = useTranslation('costs');
  const tick = useCompactTick();
  const theme = useTheme();
  const items = data.map((d) => `${d.label} ${t('fields.payments')} ${format(d.payments)}, ${t('fields.overheads')} ${format(d.overheads)}`).join('; ');
  return (
    <Box sx={{ height: 280 }} role="img" aria-label={t('management.chartLabel', { title, items })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data.map((d) => ({ ...d, payments: d.payments / 100, overheads: d.overheads / 100 }))} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <YAxis tickLine={false} axisLine={false} width={70} tickFormatter={tick} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <Tooltip formatter={(value, name) => [format(Math.round(Number(value) * 100)), name]} />
          <Legend />
          <Bar dataKey="payments" name={t('fields.payments')} fill="#0f766e" radius={[6, 6, 0, 0]} maxBarSize={36} />
          <Bar dataKey="overheads" name={t('fields.overheads')} fill="#b45309" radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};

/** Overheads per category as horizontal bars. */
export const CategoryBars = ({ title, data, format }: { title: string; data: ReadonlyArray<{ category: string; totalMinor: number }>; format: (minor: number) => string }) => {
  const { t } = useTranslation('costs');
  const tick = useCompactTick();
  const theme = useTheme();
  return (
    <Box sx={{ height: Math.max(160, data.length * 34 + 40) }} role="img" aria-label={t('management.chartLabel', { title, items: data.map((d) => `${d.category} ${format(d.totalMinor)}`).join(', ') })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data.map((d) => ({ label: d.category, value: d.totalMinor / 100 }))} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} stroke={theme.palette.divider} />
          <XAxis type="number" tickLine={false} axisLine={false} tickFormatter={tick} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={130} tickLine={false} axisLine={false} tick={{ fill: theme.palette.text.primary, fontSize: 12 }} />
          <Tooltip formatter={(value) => [format(Math.round(Number(value) * 100)), t('fields.overheads')]} />
          <Bar dataKey="value" fill={theme.palette.primary.main} radius={[0, 6, 6, 0]} maxBarSize={24} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};
