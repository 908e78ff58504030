import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAwardPreview, TBoqDetail, TQuote } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { StatusChip, useProcurementTexts } from '../../orders/components/ProcurementUi.tsx';
import { previewAward, useAwardLines, useVendors } from '../api.ts';

const NO_AWARD = '';
const NEW_VENDOR = 'new';
const percent = (bp: number) => `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;
const isAwardable = (q: TQuote) => q.status === 'submitted' && !q.isExpired;

/** The award dialog: one purchase order per supplier with its lines, subtotal, VAT and total; asks who the supplier is when unsure. */
const AwardDialog = ({ boq, preview, onClose, onDone }: { boq: TBoqDetail; preview: TAwardPreview | null; onClose: () => void; onDone: (count: number) => void }) => {
  const { t, money, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const award = useAwardLines();
  const vendors = useVendors(user.ownerEmail);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    setChoices(Object.fromEntries((preview?.orders ?? []).filter((o) => !o.match.vendor).map((o) => [o.quoteId, o.match.status === 'new' ? NEW_VENDOR : ''])));
  }, [preview]);
  if (!preview) return null;
  return (
    <FormDialog
      open title={t('fair.awardTitle')} description={t('fair.awardIntro')} submitLabel={t('fair.awardConfirm', { count: preview.orders.length })} busy={award.isPending} error={error} onClose={onClose} maxWidth="md"
      onSubmit={async (e) => {
        e.preventDefault();
        const missing = preview.orders.find((o) => !o.match.vendor && !choices[o.quoteId]);
        if (missing) return setError(t('fair.vendorAsk', { name: missing.contractorName }));
        try {
          const res = await award.mutateAsync({
            boqId: boq._id, lines: preview.orders.flatMap((o) => o.lines.map((l) => ({ lineId: l.lineId, quoteId: o.quoteId }))),
            vendors: Object.entries(choices).map(([quoteId, v]) => ({ quoteId, vendorId: v === NEW_VENDOR ? null : v })),
          });
          onDone(res.data.length);
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      {preview.orders.map((o) => {
        const options = o.match.status === 'ask' ? o.match.candidates : (vendors.data ?? []).map((v) => ({ _id: v._id, name: v.name, taxId: v.taxId }));
        return (
          <Box key={o.quoteId} component="section" aria-label={o.contractorName} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>{o.contractorName}</Typography>
            {o.match.vendor ? (
              <Typography variant="body2" color="text.secondary">{t('fair.vendorMatched', { vendor: o.match.vendor.name, how: t(`fair.how_${o.match.status as 'quote' | 'tin' | 'name'}`) })}</Typography>
            ) : (
              <Stack spacing={1} sx={{ my: 1 }}>
                <Alert severity="warning">{o.match.status === 'ask' ? t('fair.vendorAsk', { name: o.contractorName }) : t('fair.vendorNew', { name: o.contractorName })}</Alert>
                <TextField select size="small" label={t('fair.vendorFor', { name: o.contractorName })} value={choices[o.quoteId] ?? ''} onChange={(e) => setChoices({ ...choices, [o.quoteId]: e.target.value })}>
                  {options.map((c) => <MenuItem key={c._id} value={c._id}>{c.name}{c.taxId ? ` · ${c.taxId}` : ''}</MenuItem>)}
                  <MenuItem value={NEW_VENDOR}>{t('fair.createVendor', { name: o.contractorName })}</MenuItem>
                </TextField>
              </Stack>
            )}
            <Table size="small" aria-label={o.contractorName}>
              <TableBody>
                {o.lines.map((l) => (
                  <TableRow key={l.lineId}>
                    <TableCell>{l.item}</TableCell>
                    <TableCell align="right">{l.quantity} {l.unit} × {money(l.unitPriceMinor, preview.currency)}</TableCell>
                    <TableCell align="right">{money(l.lineTotalMinor, preview.currency)}</TableCell>
                  </TableRow>
                ))}
                <TableRow><TableCell colSpan={2}>{t('fair.subtotal')}</TableCell><TableCell align="right">{money(o.subtotalMinor, preview.currency)}</TableCell></TableRow>
                <TableRow><TableCell colSpan={2}>{t('fair.vat', { rate: percent(preview.vatRateBp + preview.levyRateBp) })}</TableCell><TableCell align="right">{money(o.vatMinor + o.leviesMinor, preview.currency)}</TableCell></TableRow>
                <TableRow><TableCell colSpan={2} sx={{ fontWeight: 700 }}>{t('fair.withVat')}</TableCell><TableCell align="right" sx={{ fontWeight: 700 }}>{money(o.totalMinor, preview.currency)}</TableCell></TableRow>
              </TableBody>
            </Table>
          </Box>
        );
      })}
    </FormDialog>
  );
};

/**
 * The comparison (issue 35): unit rates per line side by side, "lowest" only among quotes that price the line,
 * "cheapest in total" only among complete quotes, partial and expired quotes marked, totals before and with VAT,
 * and a per-line choice of quote (suggested: the lowest valid rate) awarded into one PO per supplier.
 */
export const QuoteComparison = ({ boq }: { boq: TBoqDetail }) => {
  const { t, money, language } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const isClosed = boq.status === 'awarded';
  const [chosen, setChosen] = useState<Record<string, string>>(boq.suggestedByLine);
  const [preview, setPreview] = useState<TAwardPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const suggestion = useMemo(() => JSON.stringify(boq.suggestedByLine), [boq.suggestedByLine]);
  useEffect(() => setChosen(JSON.parse(suggestion) as Record<string, string>), [suggestion]);
  const rate = percent(boq.vatRateBp + boq.levyRateBp);

  const onAward = async () => {
    const lines = Object.entries(chosen).filter(([, q]) => q).map(([lineId, quoteId]) => ({ lineId, quoteId }));
    if (!lines.length) return setMessage({ severity: 'error', text: t('fair.awardNone') });
    setBusy(true);
    setMessage(null);
    try {
      setPreview(await previewAward(boq._id, { lines }));
    } catch (err) {
      setMessage({ severity: 'error', text: displayError(tApp, err) });
    } finally {
      setBusy(false);
    }
  };

  if (!boq.quotes.length) return <Alert severity="info">{t('boq.noQuotes')}</Alert>;
  return (
    <Stack spacing={2}>
      {message ? <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>{message.text}</Alert> : null}
      <TableContainer>
        <Table size="small" aria-label={t('boq.compare')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.item')}</TableCell>
              <TableCell align="right">{t('fields.quantity')}</TableCell>
              {boq.quotes.map((q) => (
                <TableCell key={q._id} align="right" sx={{ minWidth: 150 }}>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                    <span>{q.contractorName}</span>
                    <StatusChip status={q.status} />
                    <Chip size="small" variant="outlined" color={q.isComplete ? 'default' : 'warning'} label={q.isComplete ? t('fair.complete') : t('fair.partial', { count: q.quotedLineCount, total: q.lineCount })} />
                    {q.isExpired ? <Chip size="small" color="error" label={t('fair.expired')} /> : null}
                    {q.validUntil ? <Typography variant="caption">{t('fair.validTo', { date: formatDate(q.validUntil, language) })}</Typography> : null}
                    {q.leadTimeDays !== null ? <Typography variant="caption">{t('fair.leadDays', { days: q.leadTimeDays })}</Typography> : null}
                  </Stack>
                </TableCell>
              ))}
              {!isClosed ? <TableCell sx={{ minWidth: 180 }}>{t('fair.awardTo')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {boq.lines.map((l) => {
              const pricing = boq.quotes.filter((q) => isAwardable(q) && q.lines.some((x) => x.lineId === l._id && x.unitPriceMinor !== null));
              return (
                <TableRow key={l._id}>
                  <TableCell>{l.item}</TableCell>
                  <TableCell align="right">{l.quantity} {l.unit}</TableCell>
                  {boq.quotes.map((q) => {
                    const price = q.lines.find((x) => x.lineId === l._id);
                    const isLowest = boq.cheapestByLine[l._id] === q._id;
                    if (!price || price.unitPriceMinor === null) return <TableCell key={q._id} align="right" sx={{ color: 'text.secondary' }}>{t('fair.notQuoted')}</TableCell>;
                    return (
                      <TableCell key={q._id} align="right" sx={isLowest ? { bgcolor: 'rgba(46, 125, 50, 0.08)', fontWeight: 700, color: 'success.dark' } : undefined}>
                        {money(price.unitPriceMinor, q.currency)} / {l.unit}
                        <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{money(price.lineTotalMinor, q.currency)}</Box>
                        {isLowest ? <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{t('fair.lowest')}</Box> : null}
                      </TableCell>
                    );
                  })}
                  {!isClosed ? (
                    <TableCell>
                      <TextField select size="small" fullWidth label={`${t('fair.awardTo')}: ${l.item}`} value={chosen[l._id] ?? NO_AWARD} onChange={(e) => setChosen({ ...chosen, [l._id]: e.target.value })}>
                        <MenuItem value={NO_AWARD}>{t('fair.noAward')}</MenuItem>
                        {pricing.map((q) => <MenuItem key={q._id} value={q._id}>{q.contractorName}</MenuItem>)}
                      </TextField>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
            {[
              { label: t('fair.subtotal'), value: (q: TQuote) => q.totalMinor },
              { label: t('fair.vat', { rate }), value: (q: TQuote) => q.vatMinor + q.leviesMinor },
              { label: t('fair.withVat'), value: (q: TQuote) => q.totalWithTaxMinor, strong: true },
            ].map((row) => (
              <TableRow key={row.label}>
                <TableCell colSpan={2} sx={row.strong ? { fontWeight: 700 } : undefined}>{row.label}</TableCell>
                {boq.quotes.map((q) => (
                  <TableCell key={q._id} align="right" sx={{ ...(row.strong ? { fontWeight: 700 } : {}), ...(row.strong && boq.cheapestQuoteId === q._id ? { color: 'success.dark' } : {}) }}>
                    {money(row.value(q), q.currency)}
                    {row.strong && boq.cheapestQuoteId === q._id ? <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{t('fair.cheapestTotal')}</Box> : null}
                    {row.strong && !q.isComplete ? <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'warning.dark' }}>{t('fair.partial', { count: q.quotedLineCount, total: q.lineCount })}</Box> : null}
                  </TableCell>
                ))}
                {!isClosed ? <TableCell /> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!isClosed ? (
        <Box>
          <Button variant="contained" onClick={() => void onAward()} loading={busy}>{t('fair.awardLines')}</Button>
        </Box>
      ) : null}
      <AwardDialog
        boq={boq} preview={preview} onClose={() => setPreview(null)}
        onDone={(count) => {
          setPreview(null);
          setMessage({ severity: 'success', text: t('fair.awarded', { count }) });
        }}
      />
    </Stack>
  );
};
