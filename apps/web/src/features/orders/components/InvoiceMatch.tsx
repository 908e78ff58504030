import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInvoice, TMatchReason, TOrderDetail } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate, formatDateTime } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useAddCreditNote, useOverrideInvoice, useProcurementSettings, useSaveProcurementSettings } from '../api.ts';
import { today, useMoneyParser } from './ProcurementUi.tsx';
import { VendorDocumentLink } from './InvoiceDocument.tsx';

/**
 * The three-way match as visible text (issue 35): the hold state, every reason a line holds the invoice, the override
 * and the credit notes. Used by the invoices screen and by the payment approver's inbox detail.
 */
const useMatchTexts = () => {
  const { t, i18n } = useTranslation('match');
  const language = i18n.resolvedLanguage ?? 'en';
  const reasonText = (r: TMatchReason) => {
    const p = r.params;
    const currency = String(p.currency ?? '');
    return t(`reason.${r.code}`, {
      ...p,
      price: typeof p.price === 'number' ? formatMinor(p.price, currency, language) : p.price,
      orderPrice: typeof p.orderPrice === 'number' ? formatMinor(p.orderPrice, currency, language) : p.orderPrice,
      defaultValue: r.text,
    });
  };
  return { t, language, reasonText, money: (minor: number, currency: string) => formatMinor(minor, currency, language) };
};

const TONE = { matched: 'success.main', held: 'error.main', overridden: 'warning.main', credited: 'success.main' } as const;

export const HoldChip = ({ invoice }: { invoice: TInvoice }) => {
  const { t } = useMatchTexts();
  return <Chip size="small" variant="outlined" data-testid={`hold-${invoice.invoiceNumber}`} label={t(`state.${invoice.hold.state}`)} sx={{ color: 'text.primary', borderColor: TONE[invoice.hold.state], borderWidth: 2 }} />;
};

/** Every reason of the invoice's lines, one per line of text. */
export const MatchReasons = ({ invoice }: { invoice: TInvoice }) => {
  const { reasonText } = useMatchTexts();
  const reasons = invoice.lines.flatMap((l) => l.reasons);
  if (reasons.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {reasons.map((r, i) => <li key={i}><Typography variant="body2">{reasonText(r)}</Typography></li>)}
    </Box>
  );
};

/** The invoice's match: state, reasons, override, credits and outstanding, and (for the approver) the GRNs. */
export const InvoiceMatchSummary = ({ invoice, order }: { invoice: TInvoice; order?: TOrderDetail }) => {
  const { t, language, money } = useMatchTexts();
  const { t: tp } = useTranslation('procurement');
  const cur = invoice.currency;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">{t('detailsTitle', { invoice: invoice.invoiceNumber })}</Typography>
        <HoldChip invoice={invoice} />
      </Stack>
      <Typography variant="body2">{tp('fields.invoiceDate')}: {formatDate(invoice.invoiceDate, language)} · {tp('common.total')}: {money(invoice.totalMinor, cur)} · {t('allowed')}: {money(invoice.hold.allowedMinor, cur)} · {t('credits')}: {money(invoice.hold.creditsMinor, cur)} · {t('outstanding')}: <b>{money(invoice.outstandingMinor, cur)}</b></Typography>
      {/* Issue 35: the approver sees the vendor's own document next to the match. */}
      <VendorDocumentLink invoice={invoice} />
      {invoice.hold.isHeld ? <Alert severity="error"><MatchReasons invoice={invoice} /></Alert> : null}
      {invoice.hold.override ? (
        <Alert severity="warning">
          {t('overriddenBy', { by: invoice.hold.override.by, date: formatDateTime(invoice.hold.override.at, language), reason: invoice.hold.override.reason })}
          <MatchReasons invoice={invoice} />
        </Alert>
      ) : null}
      {invoice.hold.state === 'credited' ? <Alert severity="success"><MatchReasons invoice={invoice} /></Alert> : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('detailsTitle', { invoice: invoice.invoiceNumber })}>
          <TableHead>
            <TableRow>
              <TableCell>{tp('fields.item')}</TableCell><TableCell align="right">{t('ordered')}</TableCell><TableCell align="right">{t('received')}</TableCell>
              <TableCell align="right">{t('invoiced')}</TableCell><TableCell align="right">{t('orderPrice')}</TableCell><TableCell align="right">{t('invoicePrice')}</TableCell>
              <TableCell>{t('reasons')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((l) => (
              <TableRow key={l.lineId}>
                <TableCell>{l.item}</TableCell><TableCell align="right">{l.ordered}</TableCell><TableCell align="right">{l.received}</TableCell>
                <TableCell align="right">{l.invoiced}</TableCell><TableCell align="right">{money(l.orderedUnitPriceMinor, cur)}</TableCell><TableCell align="right">{money(l.invoicedUnitPriceMinor, cur)}</TableCell>
                <TableCell>{l.reasons.length ? tp(`status.${l.state}`) : t('withinTolerance')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="subtitle2" component="h3">{t('credits')}</Typography>
      {invoice.creditNotes.length === 0 ? <Typography variant="body2">{t('noCredits')}</Typography> : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {invoice.creditNotes.map((c) => <li key={c._id}><Typography variant="body2">{c.number} · {formatDate(c.date, language)} · {money(c.amountMinor, cur)}{c.item ? ` · ${c.item}` : ''} — {c.reason}</Typography></li>)}
        </Box>
      )}
      {order ? (
        <>
          <Typography variant="subtitle2" component="h3">{t('grns')}</Typography>
          {order.grns.length === 0 ? <Typography variant="body2">{t('noGrns')}</Typography> : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {order.grns.map((g) => (
                <li key={g._id}><Typography variant="body2">{t('grnLine', { date: formatDate(g.receivedDate, language), receiver: g.receiver, lines: g.lines.map((l) => `${l.item} ${l.quantity}`).join(', ') })}</Typography></li>
              ))}
            </Box>
          )}
        </>
      ) : null}
    </Stack>
  );
};

/** Held invoices, each with its reasons as visible text above the invoices table. */
export const HeldInvoices = ({ invoices }: { invoices: TInvoice[] }) => {
  const { t } = useMatchTexts();
  const held = invoices.filter((i) => i.hold.isHeld);
  return (
    <Stack spacing={1} sx={{ mb: held.length ? 2 : 0 }}>
      {held.map((i) => (
        <Alert key={i._id} severity="error" data-testid={`held-${i.invoiceNumber}`}>
          <AlertTitle>{t('heldTitle', { invoice: i.invoiceNumber, order: i.orderNumber, vendor: i.vendorName })}</AlertTitle>
          <MatchReasons invoice={i} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>{t('heldHelp')}</Typography>
        </Alert>
      ))}
    </Stack>
  );
};

export const OverrideDialog = ({ invoice, onClose }: { invoice: TInvoice | null; onClose: () => void }) => {
  const { t } = useMatchTexts();
  const { t: tApp } = useTranslation('app');
  const override = useOverrideInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setReason(''); setError(null); }, [invoice]);
  return (
    <FormDialog
      open={!!invoice} title={t('overrideTitle', { invoice: invoice?.invoiceNumber ?? '' })} description={t('overrideHelp')} submitLabel={t('override')} busy={override.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await override.mutateAsync({ invoiceId: invoice!._id, reason });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err, { reason: t('overrideReason') }));
        }
      }}
    >
      <TextField required multiline minRows={2} label={t('overrideReason')} value={reason} onChange={(e) => setReason(e.target.value)} />
    </FormDialog>
  );
};

export const CreditNoteDialog = ({ invoice, onClose }: { invoice: TInvoice | null; onClose: () => void }) => {
  const { t } = useMatchTexts();
  const { t: tApp } = useTranslation('app');
  const { t: tp } = useTranslation('procurement');
  const add = useAddCreditNote();
  const parse = useMoneyParser();
  const [form, setForm] = useState({ number: '', date: today(), reason: '', amount: '', lineId: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!invoice) return;
    // Start from the gap between the invoice (net of credits) and what the match allows.
    const gap = Math.max(0, invoice.totalMinor - invoice.hold.creditsMinor - invoice.hold.allowedMinor);
    setForm({ number: '', date: today(), reason: '', amount: gap ? (gap / 100).toFixed(2) : '', lineId: '' });
    setError(null);
  }, [invoice]);
  return (
    <FormDialog
      open={!!invoice} title={t('creditNoteTitle', { invoice: invoice?.invoiceNumber ?? '' })} submitLabel={tp('common.save')} busy={add.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        const amount = parse(form.amount);
        if (amount === null) return setError(`${t('creditAmount')}: ${tp('common.amountInvalid')}`);
        try {
          await add.mutateAsync({ invoiceId: invoice!._id, number: form.number, date: form.date, reason: form.reason, amount, lineId: form.lineId || null });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err, { number: t('creditNumber'), date: t('creditDate'), reason: t('creditReason'), amount: t('creditAmount'), lineId: t('creditLine') }));
        }
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth required label={t('creditNumber')} value={form.number} onChange={(e) => setForm({ ...form, number: e.target.value })} />
        <TextField fullWidth required type="date" label={t('creditDate')} value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <TextField required label={t('creditAmount')} value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} inputMode="decimal" />
      <TextField select label={t('creditLine')} value={form.lineId} onChange={(e) => setForm({ ...form, lineId: e.target.value })}>
        <MenuItem value="">{t('wholeInvoice')}</MenuItem>
        {(invoice?.lines ?? []).map((l) => <MenuItem key={l.lineId} value={l.lineId}>{l.item}</MenuItem>)}
      </TextField>
      <TextField required label={t('creditReason')} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
    </FormDialog>
  );
};

const PERCENT = /^\d{1,2}([.,]\d{1,2})?$/;

/** VAT, levies and the match tolerances of the business (Settings-access). */
export const ProcurementSettingsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useMatchTexts();
  const { t: tApp } = useTranslation('app');
  const settings = useProcurementSettings();
  const save = useSaveProcurementSettings();
  const [form, setForm] = useState({ vatRate: '', levyRate: '', qtyTolerance: '', priceTolerance: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || !settings.data) return;
    const s = settings.data;
    setForm({ vatRate: String(s.vatRateBp / 100), levyRate: String(s.levyRateBp / 100), qtyTolerance: String(s.qtyToleranceBp / 100), priceTolerance: String(s.priceToleranceBp / 100) });
    setError(null);
  }, [open, settings.data]);
  const labels = { vatRate: t('vatRate'), levyRate: t('levyRate'), qtyTolerance: t('qtyTolerance'), priceTolerance: t('priceTolerance') };
  return (
    <FormDialog
      open={open} title={t('settingsTitle')} description={t('settingsHelp')} submitLabel={t('settings')} busy={save.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        const bad = (Object.keys(form) as Array<keyof typeof form>).find((k) => !PERCENT.test(form[k].trim()));
        if (bad) return setError(`${labels[bad]}: ${t('percentInvalid')}`);
        const clean = (v: string) => v.trim().replace(',', '.');
        try {
          await save.mutateAsync({ vatRate: clean(form.vatRate), levyRate: clean(form.levyRate), qtyTolerance: clean(form.qtyTolerance), priceTolerance: clean(form.priceTolerance) });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err, labels));
        }
      }}
    >
      {(Object.keys(labels) as Array<keyof typeof labels>).map((k) => (
        <TextField key={k} required label={labels[k]} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} inputMode="decimal" />
      ))}
    </FormDialog>
  );
};
