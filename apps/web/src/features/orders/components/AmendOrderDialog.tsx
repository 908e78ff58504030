import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { lineTotalMinor, quantityToMilli, rateOfMinor, type TOrderDetail } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { majorTextToMinor, minorToInput } from '../../../shared/format/money.ts';
import { useAmendOrder } from '../api.ts';
import { isQuantity, quantityText, useMoneyParser, useProcurementTexts } from './ProcurementUi.tsx';

type TDraft = { lineId: string | null; item: string; unit: string; quantity: string; unitPrice: string; floor: string };

const draftsOf = (order: TOrderDetail): TDraft[] => order.lines.map((l) => ({
  lineId: l._id, item: l.item, unit: l.unit, quantity: l.quantity, unitPrice: minorToInput(l.unitPriceMinor),
  floor: quantityToMilli(l.received) >= quantityToMilli(l.invoiced) ? l.received : l.invoiced,
}));

/**
 * Amends an approved order (a new revision): ordered lines' quantity and unit price, new lines, a required reason; the
 * new total with VAT shows before saving, and the order goes back for approval. Full screen on phones.
 */
export const AmendOrderDialog = ({ order, open, onClose }: { order: TOrderDetail; open: boolean; onClose: () => void }) => {
  const { t, money } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const { t: tCore } = useTranslation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const amend = useAmendOrder(order._id);
  const parse = useMoneyParser();
  const [lines, setLines] = useState<TDraft[]>(() => draftsOf(order));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setLines(draftsOf(order));
    setReason('');
    setErrors({});
    setError(null);
  }, [open, order]);
  const set = (i: number, field: keyof TDraft, value: string) => setLines(lines.map((l, j) => (j === i ? { ...l, [field]: value } : l)));

  // The new totals as the server computes them (integer minor units, the order's own rates); unreadable lines count 0.
  const subtotal = lines.reduce((s, l) => {
    const price = parse(l.unitPrice);
    const qty = quantityText(l.quantity);
    return price !== null && (isQuantity(qty) || qty === '0') ? s + lineTotalMinor(majorTextToMinor(price), quantityToMilli(qty)) : s;
  }, 0);
  const total = subtotal + rateOfMinor(subtotal, order.vatRateBp) + rateOfMinor(subtotal, order.levyRateBp);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    lines.forEach((l, i) => {
      const qty = quantityText(l.quantity);
      if (!l.lineId && !l.item.trim()) errs[`${i}.item`] = t('common.required');
      if (!l.lineId && !l.unit.trim()) errs[`${i}.unit`] = t('common.required');
      if (!isQuantity(qty) && !(l.lineId && qty === '0')) errs[`${i}.quantity`] = t('common.quantityInvalid');
      else if (l.lineId && quantityToMilli(qty) < quantityToMilli(l.floor)) errs[`${i}.quantity`] = t('orders.amendAtLeast', { quantity: l.floor });
      if (parse(l.unitPrice) === null) errs[`${i}.unitPrice`] = t('common.amountInvalid');
    });
    if (!reason.trim()) errs.reason = t('common.required');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await amend.mutateAsync({
        reason: reason.trim(),
        lines: lines.map((l) => ({ ...(l.lineId ? { lineId: l.lineId } : { item: l.item.trim(), unit: l.unit.trim() }), quantity: quantityText(l.quantity), unitPrice: parse(l.unitPrice)! })),
      });
      onClose();
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };

  const titleId = 'amend-order-title';
  return (
    <Dialog open={open} onClose={amend.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('orders.amendTitle', { number: order.invoiceNumber })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error" tabIndex={-1}>{error}</Alert> : null}
            {lines.map((l, i) => (
              <Stack key={l.lineId ?? `new-${i}`} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} role="group" aria-label={l.lineId ? l.item : t('orders.amendNewLine')}>
                {l.lineId ? (
                  <Typography sx={{ flex: 3, pt: { sm: 1 } }}>{l.item} ({l.unit})</Typography>
                ) : (
                  <>
                    <TextField size="small" label={t('fields.item')} value={l.item} onChange={(e) => set(i, 'item', e.target.value)} error={!!errors[`${i}.item`]} helperText={errors[`${i}.item`]} sx={{ flex: 2 }} required />
                    <TextField size="small" label={t('fields.unit')} value={l.unit} onChange={(e) => set(i, 'unit', e.target.value)} error={!!errors[`${i}.unit`]} helperText={errors[`${i}.unit`]} sx={{ flex: 1 }} required />
                  </>
                )}
                <TextField
                  size="small" label={t('fields.quantity')} value={l.quantity} onChange={(e) => set(i, 'quantity', e.target.value)} inputMode="decimal" required sx={{ flex: 1 }}
                  error={!!errors[`${i}.quantity`]} helperText={errors[`${i}.quantity`] ?? (l.lineId && l.floor !== '0' ? t('orders.amendAtLeast', { quantity: l.floor }) : undefined)}
                />
                <TextField size="small" label={t('fields.unitPrice')} value={l.unitPrice} onChange={(e) => set(i, 'unitPrice', e.target.value)} inputMode="decimal" required sx={{ flex: 1.5 }} error={!!errors[`${i}.unitPrice`]} helperText={errors[`${i}.unitPrice`]} />
              </Stack>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => setLines([...lines, { lineId: null, item: '', unit: '', quantity: '', unitPrice: '', floor: '0' }])}>{t('common.addLine')}</Button>
            </Box>
            <TextField
              label={t('orders.amendReason')} value={reason} onChange={(e) => setReason(e.target.value)} required multiline minRows={2}
              error={!!errors.reason} helperText={errors.reason}
            />
            <Typography sx={{ fontWeight: 700 }} aria-live="polite">{t('orders.amendNewTotal', { total: money(total, order.currency), was: money(order.totalMinor, order.currency) })}</Typography>
            <Alert severity="info">{t('orders.amendConfirm', { revision: order.revision + 1 })}</Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={amend.isPending} color="inherit">{tCore('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={amend.isPending}>{t('common.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
