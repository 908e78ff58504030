import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import { MSG, type TOcrResult } from '@bizdesk/contract';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { readReceipt, saveSummary } from '../api.ts';
import { CostDialog, type TCostDraft } from './CostDialog.tsx';

/** Upload a receipt, read it on the server (offline OCR), confirm the proposal into a cost. */
export const ReceiptDialog = ({ open, tagName, onClose }: { open: boolean; tagName: string; onClose: () => void }) => {
  const { t } = useTranslation('costs');
  const user = useCurrentUser();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<TOcrResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Partial<TCostDraft> | null>(null);
  const [savingSummary, setSavingSummary] = useState(false);
  useEffect(() => {
    if (open) { setResult(null); setError(null); setDraft(null); }
  }, [open]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setResult(null);
    setReading(true);
    try {
      setResult(await readReceipt(file));
    } catch (err) {
      setError(displayError(t, err));
    } finally {
      setReading(false);
    }
  };

  const onSummary = async () => {
    if (!result) return;
    setSavingSummary(true);
    try {
      await saveSummary(user.ownerEmail, result.text);
      flash(t('receiptDialog.summarySaved'), 'success');
    } catch {
      flash(translateMessage(t, MSG.saveSummaryFailed), 'error');
    } finally {
      setSavingSummary(false);
    }
  };

  const proposal = result?.proposal;
  return (
    <>
      <Dialog open={open && !draft} onClose={reading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${inputId}-title`}>
        <DialogTitle id={`${inputId}-title`}>{t('receiptDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('receiptDialog.description')}</DialogContentText>
          <Stack spacing={2}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Box>
              <input ref={fileRef} id={inputId} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" hidden onChange={onFile} aria-label={t('receiptDialog.chooseFile')} data-testid="receipt-file" />
              <Button variant="outlined" startIcon={<DocumentScannerIcon />} onClick={() => fileRef.current?.click()} disabled={reading}>
                {t('receiptDialog.chooseFile')}
              </Button>
            </Box>
            {reading ? <LinearProgress aria-label={t('receiptDialog.reading')} /> : null}
            {result ? (
              <>
                <Alert severity={result.text ? 'info' : 'warning'}>{result.text ? t('receiptDialog.found') : t('receiptDialog.nothing')}</Alert>
                <TextField label={t('receiptDialog.text')} value={result.text} multiline minRows={4} maxRows={12} slotProps={{ htmlInput: { readOnly: true } }} />
              </>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={reading} color="inherit">{t('importDialog.close')}</Button>
          {result?.text ? <Button onClick={() => void onSummary()} loading={savingSummary}>{t('receiptDialog.saveSummary')}</Button> : null}
          <Button variant="contained" disabled={!result || reading}
            onClick={() => setDraft({ description: proposal?.vendor ?? '', category: t('receiptDialog.defaultCategory'), amount: proposal?.total ?? '', date: proposal?.date ?? undefined })}>
            {t('receiptDialog.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <CostDialog open={open && !!draft} tagName={tagName} draft={draft ?? undefined} source="ocr" title={t('receiptDialog.save')} onClose={() => setDraft(null)} onSaved={onClose} />
    </>
  );
};
