import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TEmployee } from '@bizdesk/contract';
import { formatDate } from '../../../shared/format/dates.ts';

export type TDetailItem = { key: string; label: string; value: ReactNode };

/** Label and value pairs as a definition list, two columns on wide screens. */
export const DetailList = ({ items, testId }: { items: readonly TDetailItem[]; testId?: string }) => (
  <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3, rowGap: 2 }}>
    {items.map((item) => (
      <Box key={item.key} sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {item.label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
        </Typography>
      </Box>
    ))}
  </Box>
);

export const formatMoney = (amount: number | null, currency: string, language: string) => {
  if (amount === null) return null;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${currency} ${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount)}`;
  }
};

/** Personal details of an employee (shown to HR and, about themselves, in the portal). */
export const personalItems = (e: TEmployee, t: TFunction, language: string): TDetailItem[] => [
  { key: 'email', label: t('fields.email'), value: e.email },
  { key: 'phone', label: t('fields.phone'), value: e.phone },
  { key: 'gender', label: t('fields.gender'), value: e.gender ? t(`gender.${e.gender}`, { defaultValue: e.gender }) : null },
  { key: 'dateOfBirth', label: t('fields.dateOfBirth'), value: e.dateOfBirth ? formatDate(e.dateOfBirth, language) : null },
  { key: 'address', label: t('fields.address'), value: e.address },
  { key: 'nextOfKinName', label: t('fields.nextOfKinName'), value: e.nextOfKinName },
  { key: 'nextOfKinPhone', label: t('fields.nextOfKinPhone'), value: e.nextOfKinPhone },
];

/** Job details of an employee. */
export const jobItems = (e: TEmployee, t: TFunction, language: string, currency?: string): TDetailItem[] => [
  { key: 'employeeNumber', label: t('fields.employeeNumber'), value: e.employeeNumber },
  { key: 'designation', label: t('fields.designation'), value: e.designation },
  { key: 'department', label: t('fields.department'), value: e.department ? (e.unit ? `${e.department} · ${e.unit}` : e.department) : null },
  { key: 'employmentType', label: t('fields.employmentType'), value: t(`employmentType.${e.employmentType}`, { defaultValue: e.employmentType }) },
  { key: 'startDate', label: t('fields.startDate'), value: formatDate(e.startDate, language) },
  ...(currency ? [{ key: 'grossIncome', label: t('fields.grossIncome'), value: formatMoney(e.grossIncome, currency, language) }] : []),
];
