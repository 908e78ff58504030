import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lineTotalMinor, quantityToMilli } from '@bizdesk/contract';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatMinor, majorTextToMinor, parseMoneyInput } from '../../../shared/format/money.ts';
import { submitQuote, useQuoteInvitation } from '../../vendors/api.ts';

/**
 * /create-quote/{contractId}?token=…: a contractor prices the BOQ from the e-mailed link, without an
 * account, once, before the link expires. Works on a phone: one line per card.
 */
export const CreateQuotePage = () => {
  const { t, i18n } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const language = i18n.resolvedLanguage ?? 'en';
  const { contractId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuoteInvitation(contractId, token);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [free, setFree] = useState<Record<string, boolean>>({});
  const [taxId, setTaxId] = useState('');
  const [leadTime, setLeadTime] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [validDays, setValidDays] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ totalMinor: number; currency: string } | null>(null);
  const inv = query.data;
  useDocumentTitle(inv ? t('quote.title', { projectTitle: inv.projectTitle }) : t('quote.title', { projectTitle: contractId }));

  const parsed = (id: string) => parseMoneyInput(prices[id] ?? '', language);
  const total = inv ? inv.lines.reduce((s, l) => {
    const p = parsed(l._id);
    return p === null ? s : s + lineTotalMinor(majorTextToMinor(p), quantityToMilli(l.quantity));
  }, 0) : 0;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!inv) return;
    if (!name.trim()) return setError(`${t('fields.contractorName')}: ${t('common.required')}`);
    // An empty rate is "not quoted" (issue 35); 0 only when ticked free of charge.
    const lines = inv.lines.map((l) => ({ lineId: l._id, typed: (prices[l._id] ?? '').trim(), unitPrice: parsed(l._id), freeOfCharge: !!free[l._id] }));
    if (lines.some((l) => l.typed && l.unitPrice === null)) return setError(t('common.amountInvalid'));
    if (lines.some((l) => l.typed && majorTextToMinor(l.unitPrice!) === 0 && !l.freeOfCharge)) return setError(t('fair.zeroNeedsFree'));
    if (lines.every((l) => !l.typed)) return setError(t('fair.noneQuoted'));
    setBusy(true);
    setError(null);
    try {
      const res = await submitQuote({
        contractId, token, contractorName: name, phone: phone || null, notes: notes || null, taxId: taxId.trim() || null,
        leadTimeDays: leadTime ? Number(leadTime) : null, validUntil: validUntil || null, validDays: !validUntil && validDays ? Number(validDays) : null,
        lines: lines.map((l) => ({ lineId: l.lineId, unitPrice: l.typed ? l.unitPrice : null, ...(l.freeOfCharge ? { freeOfCharge: true } : {}) })),
      });
      setDone(res.data);
    } catch (err) {
      setError(displayError(tApp, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {!token || query.isError ? (
        <Alert severity="warning" role="alert">
          <Typography component="h1" variant="h6">{t('quote.invalid')}</Typography>
          {t('quote.invalidHelp')}
        </Alert>
      ) : null}
      {token && query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {done && inv ? (
        <Alert severity="success" role="status">
          <Typography component="h1" variant="h6">{t('quote.submitted', { total: formatMinor(done.totalMinor, done.currency, language), business: inv.requesterBusiness })}</Typography>
        </Alert>
      ) : null}
      {inv && !done ? (
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, md: 4 } }}>
          <Stack spacing={2.5}>
            <Typography component="h1" variant="h5">{t('quote.title', { projectTitle: inv.projectTitle })}</Typography>
            <Typography>{t('fair.intro', { business: inv.requesterBusiness, contractId: inv.contractId, client: inv.businessName })}</Typography>
            <Typography variant="body2" color="text.secondary">{t('quote.expires', { date: formatDateTime(inv.expiresAt, language) })}</Typography>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField fullWidth required label={t('fields.contractorName')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" />
              <TextField fullWidth label={t('fields.phone')} value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" inputMode="tel" />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField fullWidth label={t('fair.taxId')} value={taxId} onChange={(e) => setTaxId(e.target.value)} />
              <TextField fullWidth type="number" label={t('fair.leadTime')} value={leadTime} onChange={(e) => setLeadTime(e.target.value)} slotProps={{ htmlInput: { min: 0, max: 365, step: 1 } }} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField fullWidth type="date" label={t('fair.validUntil')} value={validUntil} onChange={(e) => setValidUntil(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField fullWidth type="number" label={t('fair.validDays')} value={validDays} disabled={!!validUntil} onChange={(e) => setValidDays(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }} />
            </Stack>
            {inv.lines.map((l, i) => {
              const p = parsed(l._id);
              return (
                <Paper key={l._id} variant="outlined" sx={{ p: 2 }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                    <Box sx={{ flex: 2 }}>
                      <Typography sx={{ fontWeight: 700 }}>{i + 1}. {l.item}</Typography>
                      {l.description ? <Typography variant="body2" color="text.secondary">{l.description}</Typography> : null}
                      <Typography variant="body2">{t('fields.quantity')}: {l.quantity} {l.unit}</Typography>
                    </Box>
                    <Box sx={{ flex: 1 }}>
                      <TextField
                        fullWidth inputMode="decimal" label={`${t('fair.unitRate')} (${inv.currency} / ${l.unit})`} value={prices[l._id] ?? ''}
                        onChange={(e) => setPrices({ ...prices, [l._id]: e.target.value })}
                        error={!!prices[l._id] && p === null}
                        helperText={p !== null ? `${t('fields.lineTotal')}: ${formatMinor(lineTotalMinor(majorTextToMinor(p), quantityToMilli(l.quantity)), inv.currency, language)}` : prices[l._id] ? t('common.amountInvalid') : t('fair.notQuoted')}
                        slotProps={{ htmlInput: { 'aria-label': `${l.item}: ${t('fair.unitRate')}` } }}
                      />
                      {p !== null && majorTextToMinor(p) === 0 ? (
                        <FormControlLabel control={<Checkbox checked={!!free[l._id]} onChange={(e) => setFree({ ...free, [l._id]: e.target.checked })} />} label={`${l.item}: ${t('fair.freeOfCharge')}`} />
                      ) : null}
                    </Box>
                  </Stack>
                </Paper>
              );
            })}
            <TextField label={t('fields.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
            <Typography variant="h6" component="p">{t('quote.yourTotal')}: {formatMinor(total, inv.currency, language)}</Typography>
            <Button type="submit" variant="contained" size="large" loading={busy}>{t('quote.submit')}</Button>
          </Stack>
        </Paper>
      ) : null}
    </Container>
  );
};
