import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COST_SOURCES } from '@bizdesk/contract';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import type { TRecordFilters } from '../api.ts';

const EMPTY = { q: '', category: '', source: '', from: '', to: '', min: '', max: '' };
type TTyped = typeof EMPTY;
const DEBOUNCE_MS = 350;

/**
 * The records list's search and filters (issue 35). What is typed is sent to the server after a short pause, which
 * searches every page (not the one shown); amounts are read in the user's language ("15,000" or "15.000").
 */
export const RecordFilters = ({ onChange }: { onChange: (filters: TRecordFilters) => void }) => {
  const { t, i18n } = useTranslation('costs');
  const [typed, setTyped] = useState<TTyped>(EMPTY);
  const amount = (v: string) => (v.trim() === '' ? '' : parseMoneyInput(v, i18n.language) ?? parseMoneyInput(v, 'en'));
  const [min, max] = [amount(typed.min), amount(typed.max)];

  useEffect(() => {
    const timer = setTimeout(() => onChange({
      q: typed.q.trim(), category: typed.category.trim(), source: typed.source, from: typed.from, to: typed.to,
      // An amount that cannot be read is left out (its field shows why) rather than sent.
      min: min ?? undefined, max: max ?? undefined,
    }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed.q, typed.category, typed.source, typed.from, typed.to, min, max, onChange]);

  const field = (key: keyof TTyped) => ({
    value: typed[key], size: 'small' as const, fullWidth: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setTyped((v) => ({ ...v, [key]: e.target.value })),
  });
  const isFiltered = Object.values(typed).some((v) => v !== '');
  return (
    <Grid container spacing={1.5} sx={{ mb: 2 }} role="search" aria-label={t('records.search')}>
      <Grid size={{ xs: 12, md: 4 }}><TextField {...field('q')} type="search" label={t('records.search')} slotProps={{ htmlInput: { 'data-testid': 'records-search' } }} /></Grid>
      <Grid size={{ xs: 6, md: 2 }}><TextField {...field('category')} label={t('records.category')} /></Grid>
      <Grid size={{ xs: 6, md: 2 }}>
        <TextField {...field('source')} select label={t('records.source')}>
          <MenuItem value="">{t('records.anySource')}</MenuItem>
          {COST_SOURCES.map((s) => <MenuItem key={s} value={s}>{t(`records.sources.${s}`)}</MenuItem>)}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, md: 2 }}><TextField {...field('from')} type="date" label={t('records.from')} slotProps={{ inputLabel: { shrink: true } }} /></Grid>
      <Grid size={{ xs: 6, md: 2 }}><TextField {...field('to')} type="date" label={t('records.to')} slotProps={{ inputLabel: { shrink: true } }} /></Grid>
      <Grid size={{ xs: 6, md: 2 }}><TextField {...field('min')} label={t('records.min')} inputMode="decimal" error={min === null} helperText={min === null ? t('records.badAmount') : undefined} /></Grid>
      <Grid size={{ xs: 6, md: 2 }}><TextField {...field('max')} label={t('records.max')} inputMode="decimal" error={max === null} helperText={max === null ? t('records.badAmount') : undefined} /></Grid>
      {isFiltered ? <Grid size={{ xs: 12, md: 2 }}><Button onClick={() => setTyped(EMPTY)}>{t('records.clear')}</Button></Grid> : null}
    </Grid>
  );
};
