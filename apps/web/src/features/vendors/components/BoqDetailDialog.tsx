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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { QUOTE_LINK_DAYS_DEFAULT, type TBoqDetail, type TSentToContractor } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { LoadError, StatusChip, useMoneyParser, useProcurementTexts } from '../../orders/components/ProcurementUi.tsx';
import { useBoq, useDeleteBoq, useSendToContractor, useUploadQuote } from '../api.ts';
import { QuoteComparison } from './QuoteComparison.tsx';

/** Makes the quote link: shown to copy or share on WhatsApp, and e-mailed; says honestly whether the e-mail went. */
const SendDialog = ({ boq, open, onClose }: { boq: TBoqDetail; open: boolean; onClose: () => void }) => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const send = useSendToContractor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<TSentToContractor | null>(null);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setSent(null);
    setCopied(false);
    setEmail('');
    onClose();
  };
  const shareText = sent ? t('fair.whatsAppText', { business: user.businessName, project: boq.projectTitle, link: sent.link }) : '';
  return (
    <FormDialog
      open={open} title={t('boq.sendTitle')} description={t('boq.sendBody', { days: QUOTE_LINK_DAYS_DEFAULT })} submitLabel={sent ? t('common.close') : t('boq.send')} busy={send.isPending} error={error}
      onClose={close}
      onSubmit={async (e) => {
        e.preventDefault();
        if (sent) return close();
        setError(null);
        try {
          const res = await send.mutateAsync({ email, contractId: boq.contractId, businessName: boq.businessName, projectTitle: boq.projectTitle });
          setSent(res.data);
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      {sent ? (
        <Stack spacing={2}>
          <Alert severity={sent.mailStatus === 'sent' ? 'success' : sent.mailStatus === 'failed' ? 'error' : 'warning'} role="status">
            {t(`fair.mail_${sent.mailStatus}`, { email: sent.email })}
          </Alert>
          <TextField label={t('fair.linkTitle')} value={sent.link} helperText={t('fair.linkHelp')} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={async () => {
              await navigator.clipboard?.writeText(sent.link).catch(() => undefined);
              setCopied(true);
            }}>{copied ? t('fair.copied') : t('fair.copy')}</Button>
            <Button variant="outlined" component="a" href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noopener noreferrer">{t('fair.whatsApp')}</Button>
            <Button variant="text" component="a" href={`mailto:${sent.email}?subject=${encodeURIComponent(boq.projectTitle)}&body=${encodeURIComponent(shareText)}`}>{t('boq.contractorEmail')}</Button>
          </Stack>
        </Stack>
      ) : (
        <TextField autoFocus required type="email" label={t('boq.contractorEmail')} value={email} onChange={(e) => setEmail(e.target.value)} />
      )}
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
        // An empty rate is "not quoted" (issue 35); a typed rate must parse.
        const lines = boq.lines.map((l) => ({ lineId: l._id, typed: (prices[l._id] ?? '').trim(), unitPrice: parse(prices[l._id] ?? '') }));
        if (!name.trim() || lines.some((l) => l.typed && l.unitPrice === null)) {
          setError(t('common.amountInvalid'));
          return;
        }
        if (lines.every((l) => !l.typed)) return setError(t('fair.noneQuoted'));
        try {
          await upload.mutateAsync({ email, quotesData: { contractId: boq.contractId, contractorName: name, lines: lines.map((l) => ({ lineId: l.lineId, unitPrice: l.typed ? l.unitPrice : null })) } });
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

/** One BOQ: its lines against every quote side by side (QuoteComparison), links to contractors, quotes received elsewhere. */
export const BoqDetailDialog = ({ contractId, onClose }: { contractId: string | null; onClose: () => void }) => {
  const { t, language } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const query = useBoq(contractId);
  const remove = useDeleteBoq();
  const [dialog, setDialog] = useState<'send' | 'upload' | 'delete' | null>(null);
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
                <Typography variant="subtitle2" component="h3">{t('boq.invitations')}</Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {boq.invitations.map((i) => <Chip key={i.createdAt + i.email} size="small" label={`${i.email} · ${i.usedAt ? t('boq.used') : t('boq.expires', { date: formatDate(i.expiresAt, language) })}`} />)}
                </Stack>
              </Box>
            ) : null}
            <Typography variant="subtitle1" component="h3">{t('boq.compare')}</Typography>
            <QuoteComparison boq={boq} />
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
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
