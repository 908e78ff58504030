import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useCurrentUser } from '../../../shared/session.ts';
import { currencyOf, formatMinor, parseMoneyInput } from '../../../shared/format/money.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { businessToday } from '../../../shared/format/dates.ts';

/** The procurement texts and the user's language and currency, for every procurement screen. */
export const useProcurementTexts = () => {
  const { t, i18n } = useTranslation('procurement');
  const user = useCurrentUser();
  const language = i18n.resolvedLanguage ?? 'en';
  const currency = currencyOf(user.country);
  return { t, language, currency, user, money: (minor: number | null | undefined, cur: string = currency) => formatMinor(minor, cur, language) };
};

const TONES: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  approved: 'success', received: 'success', matched: 'success', paid: 'success', awarded: 'success',
  pending: 'warning', 'pending-approval': 'warning', 'partially-received': 'info', scheduled: 'info', quoted: 'info', sent: 'info', submitted: 'info',
  rejected: 'error', cancelled: 'default', mismatch: 'error', 'quantity-mismatch': 'error', 'price-mismatch': 'error', 'not-received': 'warning',
};

export const StatusChip = ({ status }: { status: string }) => {
  const { t } = useTranslation('procurement');
  const tone = TONES[status] ?? 'default';
  // The label stays in the text colour (coloured labels on white miss the contrast ratio); the border carries the tone.
  return <Chip size="small" variant="outlined" label={t(`status.${status}`, { defaultValue: status })} sx={{ color: 'text.primary', borderColor: tone === 'default' ? 'divider' : `${tone}.main`, borderWidth: 2 }} />;
};

export const Section = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h6" component="h2">{title}</Typography>
      {actions ? <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>{actions}</Stack> : null}
    </Stack>
    {children}
  </Paper>
);

export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tc } = useTranslation();
  return (
    <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>{t('common.retry')}</Button>}>
      {t('common.loadFailed')} {displayError(tc, error)}
    </Alert>
  );
};

/** Major-unit text the API accepts ("6000000.50") from what the user typed in their locale, or null. */
export const useMoneyParser = () => {
  const { i18n } = useTranslation();
  return (typed: string) => parseMoneyInput(typed, i18n.resolvedLanguage ?? 'en');
};

export const isQuantity = (v: string) => /^\d{1,9}([.,]\d{1,3})?$/.test(v.trim()) && Number(v.trim().replace(',', '.')) > 0;
export const quantityText = (v: string) => v.trim().replace(',', '.');

export type TLineRow = { item: string; unit: string; quantity: string; unitPrice: string };
export const emptyLine = (): TLineRow => ({ item: '', unit: '', quantity: '', unitPrice: '' });

/** Lines of an order: item, unit, quantity and unit price, added and removed in place. */
export const LinesEditor = ({ lines, onChange, errors, showPrice = true }: { lines: TLineRow[]; onChange: (lines: TLineRow[]) => void; errors: Record<string, string>; showPrice?: boolean }) => {
  const { t } = useTranslation('procurement');
  const set = (i: number, field: keyof TLineRow, value: string) => onChange(lines.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  return (
    <Stack spacing={1.5}>
      {lines.map((line, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} aria-label={t('common.line', { n: i + 1 })} role="group">
          <TextField size="small" label={t('fields.item')} value={line.item} onChange={(e) => set(i, 'item', e.target.value)} error={!!errors[`${i}.item`]} helperText={errors[`${i}.item`]} sx={{ flex: 3 }} required />
          <TextField size="small" label={t('fields.quantity')} value={line.quantity} onChange={(e) => set(i, 'quantity', e.target.value)} error={!!errors[`${i}.quantity`]} helperText={errors[`${i}.quantity`]} sx={{ flex: 1 }} inputMode="decimal" required />
          <TextField size="small" label={t('fields.unit')} value={line.unit} onChange={(e) => set(i, 'unit', e.target.value)} error={!!errors[`${i}.unit`]} helperText={errors[`${i}.unit`]} sx={{ flex: 1 }} required />
          {showPrice ? <TextField size="small" label={t('fields.unitPrice')} value={line.unitPrice} onChange={(e) => set(i, 'unitPrice', e.target.value)} error={!!errors[`${i}.unitPrice`]} helperText={errors[`${i}.unitPrice`]} sx={{ flex: 1.5 }} inputMode="decimal" required /> : null}
          <Box>
            <IconButton aria-label={t('common.removeLine', { n: i + 1 })} onClick={() => onChange(lines.filter((_, j) => j !== i))} disabled={lines.length === 1}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...lines, emptyLine()])}>{t('common.addLine')}</Button>
      </Box>
    </Stack>
  );
};

/** Checks lines before sending: every field filled, quantities and amounts readable. Returns errors by `index.field`. */
export const checkLines = (lines: TLineRow[], parseMoney: (v: string) => string | null, t: (k: string) => string, showPrice = true) => {
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (!l.item.trim()) errors[`${i}.item`] = t('common.required');
    if (!l.unit.trim()) errors[`${i}.unit`] = t('common.required');
    if (!isQuantity(l.quantity)) errors[`${i}.quantity`] = t('common.quantityInvalid');
    if (showPrice && parseMoney(l.unitPrice) === null) errors[`${i}.unitPrice`] = t('common.amountInvalid');
  });
  return errors;
};

export const today = () => businessToday();
