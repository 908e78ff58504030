import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { BACKLOG_CHUNK, type TBacklogPreview } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { COSTS_KEY, importBacklogChunk, previewBacklog } from '../api.ts';
import { BACKLOG_FIELDS, guessMapping, hashRows, toCostRows, type TMapping } from '../backlogRows.ts';

/** The upload's state (spec 02 §4): pending, then fulfilled or failed. */
type TStatus = { kind: 'idle' } | { kind: 'reading' } | { kind: 'pending'; done: number; total: number } | { kind: 'fulfilled'; imported: number; skipped: number } | { kind: 'failed'; message: string };
const SHOWN_PROBLEMS = 50;

/** CSV/XLSX → preview → column mapping → per-row problems → import in chunks with a progress bar. */
export const ImportBacklogDialog = ({ open, tagName, onClose }: { open: boolean; tagName: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<TBacklogPreview | null>(null);
  const [fileName, setFileName] = useState('');
  const [mapping, setMapping] = useState<TMapping | null>(null);
  const [status, setStatus] = useState<TStatus>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) { setPreview(null); setMapping(null); setStatus({ kind: 'idle' }); setError(null); }
  }, [open]);

  const checked = useMemo(() => (preview && mapping ? toCostRows(preview.rows, mapping, i18n.language) : null), [preview, mapping, i18n.language]);
  const running = status.kind === 'pending' || status.kind === 'reading';

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setStatus({ kind: 'reading' });
    try {
      const read = await previewBacklog(file);
      setPreview(read);
      setFileName(file.name);
      setMapping(guessMapping(read.headers));
      setStatus({ kind: 'idle' });
    } catch (err) {
      setStatus({ kind: 'idle' });
      setError(displayError(t, err));
    }
  };

  const onImport = async () => {
    if (!checked || checked.valid.length === 0) return;
    const rows = checked.valid;
    const hashes = await hashRows(rows);
    let imported = 0;
    let skipped = 0;
    setStatus({ kind: 'pending', done: 0, total: rows.length });
    try {
      // One file is one import batch (issue 35): the first chunk opens it, the next ones join it.
      let batchId: string | undefined;
      for (let at = 0; at < rows.length; at += BACKLOG_CHUNK) {
        const result = await importBacklogChunk({ email: user.ownerEmail, tagName, formattedData: rows.slice(at, at + BACKLOG_CHUNK), hashes: hashes.slice(at, at + BACKLOG_CHUNK), ...(batchId ? { batchId } : { fileName }) });
        batchId ??= result.batchId;
        imported += result.imported;
        skipped += result.skipped;
        setStatus({ kind: 'pending', done: Math.min(at + BACKLOG_CHUNK, rows.length), total: rows.length });
      }
      setStatus({ kind: 'fulfilled', imported, skipped });
    } catch (err) {
      setStatus({ kind: 'failed', message: displayError(t, err) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: COSTS_KEY });
    }
  };

  return (
    <Dialog open={open} onClose={running ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{t('importDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('importDialog.description')}</DialogContentText>
        <Stack spacing={2}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Box>
            <input ref={fileRef} id={inputId} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden onChange={onFile} aria-label={t('importDialog.chooseFile')} data-testid="backlog-file" />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()} disabled={running}>
              {t('importDialog.chooseFile')}
            </Button>
          </Box>
          {status.kind === 'reading' ? <LinearProgress aria-label={t('importDialog.reading')} /> : null}
          {preview && mapping ? (
            <>
              <Typography variant="subtitle2" component="h3">{t('importDialog.mapping')}</Typography>
              <Grid container spacing={2}>
                {BACKLOG_FIELDS.map((field) => (
                  <Grid key={field} size={{ xs: 12, sm: 6, md: 3 }}>
                    <TextField select fullWidth size="small" label={t('importDialog.column', { field: t(`fields.${field}`) })} value={mapping[field]} disabled={running}
                      onChange={(e) => setMapping({ ...mapping, [field]: Number(e.target.value) })}>
                      <MenuItem value={-1}>{t('importDialog.noColumn')}</MenuItem>
                      {preview.headers.map((h, i) => <MenuItem key={`${h}-${i}`} value={i}>{h || `#${i + 1}`}</MenuItem>)}
                    </TextField>
                  </Grid>
                ))}
              </Grid>
              <Typography variant="subtitle2" component="h3">{t('importDialog.preview')}</Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('importDialog.preview')}>
                  <TableHead><TableRow>{preview.headers.map((h, i) => <TableCell key={i}>{h}</TableCell>)}</TableRow></TableHead>
                  <TableBody>
                    {preview.rows.slice(0, 5).map((r, i) => <TableRow key={i}>{preview.headers.map((_, j) => <TableCell key={j}>{r[j] ?? ''}</TableCell>)}</TableRow>)}
                  </TableBody>
                </Table>
              </Box>
              {checked ? (
                <Alert severity={checked.problems.length ? 'warning' : 'info'} data-testid="backlog-ready">
                  {t('importDialog.rowsReady', { valid: checked.valid.length, total: preview.rows.length })}
                  {checked.problems.length ? (
                    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} aria-label={t('importDialog.rowErrors')}>
                      {checked.problems.slice(0, SHOWN_PROBLEMS).map((p) => <li key={p.row}>{t('importDialog.rowError', { row: p.row, problem: t(`fields.${p.problem}`) })}</li>)}
                      {checked.problems.length > SHOWN_PROBLEMS ? <li>{t('importDialog.moreErrors', { count: checked.problems.length - SHOWN_PROBLEMS })}</li> : null}
                    </Box>
                  ) : null}
                </Alert>
              ) : null}
            </>
          ) : null}
          {preview?.duplicates?.length ? (
            <Alert severity="warning" data-testid="backlog-duplicates">
              {t('importDialog.duplicates', { count: preview.duplicates.length })}
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} aria-label={t('importDialog.duplicatesList')}>
                {preview.duplicates.slice(0, SHOWN_PROBLEMS).map((g) => <li key={g.join('-')}>{t('importDialog.duplicateRows', { rows: g.join(', ') })}</li>)}
              </Box>
            </Alert>
          ) : null}
          {status.kind === 'pending' ? (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>{t('importDialog.pending', { done: status.done, total: status.total })}</Typography>
              <LinearProgress variant="determinate" value={(status.done / status.total) * 100} aria-label={t('importDialog.pending', { done: status.done, total: status.total })} />
            </Box>
          ) : null}
          {status.kind === 'fulfilled' ? <Alert severity="success" data-testid="backlog-result">{t('importDialog.fulfilled', { imported: status.imported, skipped: status.skipped })}</Alert> : null}
          {status.kind === 'failed' ? <Alert severity="error" data-testid="backlog-result">{t('importDialog.failed', { message: status.message })}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={running} color="inherit">{t('importDialog.close')}</Button>
        {status.kind !== 'fulfilled' ? (
          <Button variant="contained" onClick={() => void onImport()} loading={status.kind === 'pending'} disabled={!checked || checked.valid.length === 0}>
            {t('importDialog.start', { count: checked?.valid.length ?? 0 })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
