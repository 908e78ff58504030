import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { QUOTE_LINK_DAYS_DEFAULT, type TBoqDetail, type TQuote } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { LoadError, StatusChip, useMoneyParser, useProcurementTexts } from '../../orders/components/ProcurementUi.tsx';
import { useAwardQuote, useBoq, useDeleteBoq, useSendToContractor, useUploadQuote } from '../api.ts';

const SendDialog = ({ boq, open, onClose }: { boq: TBoqDetail; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const send = useSendToContractor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open={open} title={t('boq.sendTitle')} description={t('boq.sendBody', { days: QUOTE_LINK_DAYS_DEFAULT })} submitLabel={t('boq.send')} busy={send.isPending} error={error}
      onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await send.mutateAsync({ email, contractId: boq.contractId, businessName: boq.businessName, projectTitle: boq.projectTitle });
          setEmail('');
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <TextField autoFocus required type="email" label={t('boq.contractorEmail')} value={email} onChange={(e) => setEmail(e.target.value)} />
    </FormDialog>
  );
};

const UploadDialog = ({ boq, open, onClose }: { boq: TBoqDetail; open: boolean; onClose: () => void }) => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const upload = useUploadQuote(user.ownerEmail);
  const parse = useMoneyParser();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open={open} title={t('boq.uploadTitle')} submitLabel={t('common.save')} busy={upload.isPending} error={error} onClose={onClose} maxWidth="md"
      onSubmit={async (e) => {
        e.preventDefault();
        const lines = boq.lines.map((l) => ({ lineId: l._id, unitPrice: parse(prices[l._id] ?? '') }));
        if (!name.trim() || lines.some((l) => l.unitPrice === null)) {
          setError(t('common.amountInvalid'));
          return;
        }
        try {
          await upload.mutateAsync({ email, quotesData: { contractId: boq.contractId, contractorName: name, lines: lines.map((l) => ({ lineId: l.lineId, unitPrice: l.unitPrice! })) } });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth required label={t('boq.quoteFrom')} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField fullWidth required type="email" label={t('boq.quoteEmail')} value={email} onChange={(e) => setEmail(e.target.value)} />
      </Stack>
      {boq.lines.map((l) => (
        <TextField key={l._id} size="small" inputMode="decimal" label={`${l.item} — ${l.quantity} ${l.unit} · ${t('fields.unitPrice')}`} value={prices[l._id] ?? ''} onChange={(e) => setPrices({ ...prices, [l._id]: e.target.value })} />
      ))}
    </FormDialog>
  );
};

/** One BOQ: its lines against every quote side by side, the cheapest per line and in total highlighted. */
export const BoqDetailDialog = ({ contractId, onClose }: { contractId: string | null; onClose: () => void }) => {
  const { t, money, language } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const query = useBoq(contractId);
  const award = useAwardQuote();
  const remove = useDeleteBoq();
  const [dialog, setDialog] = useState<'send' | 'upload' | 'delete' | null>(null);
  const [awarding, setAwarding] = useState<TQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const boq = query.data;
  const isClosed = boq?.status === 'awarded';

  return (
    <Dialog open={!!contractId} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="boq-title">
      <DialogTitle id="boq-title">{t('boq.title', { contractId: contractId ?? '' })}</DialogTitle>
      <DialogContent>
        {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
        {boq ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography>{boq.projectTitle} · {boq.businessName}</Typography>
              <StatusChip status={boq.status} />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" disabled={isClosed} onClick={() => setDialog('send')}>{t('boq.sendToContractor')}</Button>
              <Button variant="outlined" disabled={isClosed} onClick={() => setDialog('upload')}>{t('boq.uploadQuote')}</Button>
              <Button color="error" disabled={isClosed} onClick={() => setDialog('delete')}>{t('common.delete')}</Button>
            </Stack>
            {boq.invitations.length ? (
              <Box>
                <Typography variant="subtitle2">{t('boq.invitations')}</Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {boq.invitations.map((i) => <Chip key={i.createdAt + i.email} size="small" label={`${i.email} · ${i.usedAt ? t('boq.used') : t('boq.expires', { date: formatDate(i.expiresAt, language) })}`} />)}
                </Stack>
              </Box>
            ) : null}
            <Typography variant="subtitle1" component="h3">{t('boq.compare')}</Typography>
            {boq.quotes.length === 0 ? <Alert severity="info">{t('boq.noQuotes')}</Alert> : null}
            <TableContainer>
              <Table size="small" aria-label={t('boq.compare')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.item')}</TableCell>
                    <TableCell align="right">{t('fields.quantity')}</TableCell>
                    {boq.quotes.map((q) => (
                      <TableCell key={q._id} align="right">
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                          <span>{q.contractorName}</span>
                          <StatusChip status={q.status} />
                        </Stack>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {boq.lines.map((l) => (
                    <TableRow key={l._id}>
                      <TableCell>{l.item}</TableCell>
                      <TableCell align="right">{l.quantity} {l.unit}</TableCell>
                      {boq.quotes.map((q) => {
                        const price = q.lines.find((x) => x.lineId === l._id);
                        const isCheapest = boq.cheapestByLine[l._id] === q._id;
                        return (
                          <TableCell key={q._id} align="right" sx={isCheapest ? { bgcolor: 'rgba(46, 125, 50, 0.08)', fontWeight: 700, color: 'success.dark' } : undefined}>
                            {price ? money(price.lineTotalMinor, q.currency) : '—'}
                            {isCheapest ? <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{t('boq.cheapest')}</Box> : null}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                  {boq.quotes.length ? (
                    <TableRow>
                      <TableCell colSpan={2} sx={{ fontWeight: 700 }}>{t('common.total')}</TableCell>
                      {boq.quotes.map((q) => (
                        <TableCell key={q._id} align="right" sx={{ fontWeight: 700, ...(boq.cheapestQuoteId === q._id ? { color: 'success.dark' } : {}) }}>
                          {money(q.totalMinor, q.currency)}
                          {boq.cheapestQuoteId === q._id ? <Box component="span" sx={{ display: 'block', fontSize: 12 }}>{t('boq.cheapestTotal')}</Box> : null}
                          {!isClosed ? <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setAwarding(q)}>{t('boq.award')} · {q.contractorName}</Button> : null}
                        </TableCell>
                      ))}
                    </TableRow>
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
            <SendDialog boq={boq} open={dialog === 'send'} onClose={() => setDialog(null)} />
            <UploadDialog boq={boq} open={dialog === 'upload'} onClose={() => setDialog(null)} />
            <ConfirmDialog
              open={dialog === 'delete'} destructive title={t('boq.deleteTitle')} body={t('boq.deleteBody', { contractId: boq.contractId })} confirmLabel={t('common.delete')} busy={remove.isPending}
              onClose={() => setDialog(null)}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(boq._id);
                  setDialog(null);
                  onClose();
                } catch (err) {
                  setDialog(null);
                  setError(displayError(tApp, err));
                }
              }}
            />
            <ConfirmDialog
              open={!!awarding} title={t('boq.awardTitle')} body={awarding ? t('boq.awardBody', { name: awarding.contractorName, total: money(awarding.totalMinor, awarding.currency) }) : ''}
              confirmLabel={t('boq.award')} busy={award.isPending} onClose={() => setAwarding(null)}
              onConfirm={async () => {
                try {
                  await award.mutateAsync(awarding!._id);
                } catch (err) {
                  setError(displayError(tApp, err));
                }
                setAwarding(null);
              }}
            />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
