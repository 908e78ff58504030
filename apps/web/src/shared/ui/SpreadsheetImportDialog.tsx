import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { TImportPreview, TImportRowError, TJob } from '@bizdesk/contract';
import { displayError, translateMessage } from '../i18n/index.ts';
import { saveBlob } from './saveBlob.ts';
import { apiData } from '../api/client.ts';
import { fileForm } from '../api/fileForm.ts';

const csvLine = (cells: readonly string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
/** A template file: the header row the import recognises and one example row. */
export const templateCsv = (header: readonly string[], example: readonly string[]) => `${csvLine(header)}\r\n${csvLine(example)}\r\n`;

export type TImportStarted = { jobId: string; status: TJob['status']; total: number };
/** What a feature's import offers: the three calls, what to refresh, its template. */
export type TImportApi = {
  preview: (file: File) => Promise<TImportPreview>;
  start: (file: File, importValidRows: boolean) => Promise<TImportStarted>;
  getJob: (jobId: string, signal?: AbortSignal) => Promise<TJob>;
  /** Refreshed once the job has finished. */
  queryKey: QueryKey;
  jobKind: string;
  template: { fileName: string; csv: () => string };
  /** The key of the columns paragraph (default `import.columns`). */
  columnsKey?: string;
  /** false: all or nothing (the "Import valid rows" choice is not offered). */
  allowValidRows: boolean;
  /** The feature's own server messages (a job's failure), in the user's language. */
  translateJobMessage?: (message: string) => string | null;
};

/**
 * The calls of an all-or-nothing import at `path` (POST {path}/preview, POST {path}, GET {path}/{jobId});
 * the file's numbers are read in `language`. `messages` are the feature's server texts (contract) and the
 * keys under `import.server` that translate them.
 */
export const allOrNothingImport = (o: {
  path: string; language: string; queryKey: QueryKey; jobKind: string; template: TImportApi['template'];
  messages: Record<string, string>; translate: (key: string) => string;
}): TImportApi => {
  const keyOf = new Map(Object.entries(o.messages).map(([key, text]) => [text, key]));
  return {
    preview: (file) => apiData<TImportPreview>(`${o.path}/preview`, { method: 'POST', form: fileForm(file, { language: o.language }) }),
    start: (file) => apiData<TImportStarted>(o.path, { method: 'POST', form: fileForm(file, { language: o.language }) }),
    getJob: (jobId, signal) => apiData<TJob>(`${o.path}/${encodeURIComponent(jobId)}`, { signal }),
    queryKey: o.queryKey, jobKind: o.jobKind, template: o.template, allowValidRows: false,
    translateJobMessage: (message) => {
      const key = keyOf.get(message);
      return key ? o.translate(`import.server.${key}`) : null;
    },
  };
};

type TStep = 'choose' | 'checking' | 'preview' | 'running' | 'done';
const SHOWN_ERRORS = 200;

type TProps = { open: boolean; onClose: () => void; pollMs?: number; ns: string; api: TImportApi };

/**
 * A key is looked up in the feature's namespace first, then in `imports` (the texts every import shares); react-i18next
 * reads only the first namespace of the list unless nsMode is 'fallback'. Not suspending: the page that holds the
 * (closed) dialog renders at once while `imports` loads, and the dialog appears once its texts are there.
 */
const IMPORT_TEXTS = { nsMode: 'fallback', useSuspense: false } as const;
const useImportTexts = (ns: string) => useTranslation([ns, 'imports'], IMPORT_TEXTS);

const RowErrors = ({ errors, total, ns }: { errors: readonly TImportRowError[]; total: number; ns: string }) => {
  const { t } = useImportTexts(ns);
  const shown = errors.slice(0, SHOWN_ERRORS);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, color: 'error.main' }}>
        {t('import.errorsTitle', { count: total })}
      </Typography>
      <List dense disablePadding data-testid="import-errors" sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {shown.map((e, index) => (
          <ListItem key={`${e.row}-${e.field}-${index}`} divider={index < shown.length - 1}>
            <Typography variant="body2">{e.message}</Typography>
          </ListItem>
        ))}
      </List>
      {total > shown.length ? (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
          {t('import.moreErrors', { count: total - shown.length })}
        </Typography>
      ) : null}
    </Box>
  );
};

const Figure = ({ label, value, color }: { label: string; value: number; color?: string }) => (
  <Box sx={{ px: 2, py: 1.5, borderRadius: 1, bgcolor: 'grey.50', minWidth: 120 }}>
    <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ color }}>
      {value}
    </Typography>
  </Box>
);

/**
 * Bulk import (DESIGN §3 long work): upload → preview with each row's errors → "Import all" (refused while rows
 * have errors) or, where offered, "Import valid rows" → the job's progress until it is done → what it created.
 * Texts are the `import.*` keys of the feature's namespace `ns`, else of the shared `imports` namespace.
 */
export const SpreadsheetImportDialog = ({ open, onClose, pollMs = 600, ns, api }: TProps) => {
  const { t, ready } = useImportTexts(ns);
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<TStep>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [job, setJob] = useState<TJob | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setStep('choose');
    setFile(null);
    setPreview(null);
    setJobId(null);
    setJob(null);
    setError(null);
  }, [open]);

  // Follows the job until it has finished, one request at a time.
  useEffect(() => {
    if (step !== 'running' || !jobId) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await api.getJob(jobId, controller.signal);
        if (controller.signal.aborted) return;
        setJob(next);
        if (next.status === 'succeeded' || next.status === 'failed') {
          setStep('done');
          void queryClient.invalidateQueries({ queryKey: api.queryKey });
          return;
        }
      } catch (e) {
        if (controller.signal.aborted) return;
        setError(displayError(t, e));
        setStep('preview');
        return;
      }
      timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [step, jobId, pollMs, queryClient, t, api]);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setError(null);
    setPreview(null);
    setStep('checking');
    try {
      setPreview(await api.preview(chosen));
      setStep('preview');
    } catch (e) {
      setError(displayError(t, e));
      setStep('choose');
    }
  };

  const onStart = async (importValidRows: boolean) => {
    if (!file) return;
    setError(null);
    try {
      const started = await api.start(file, importValidRows);
      setJob({ _id: started.jobId, kind: api.jobKind, status: started.status, phase: 'queued', progress: 0, processed: 0, total: started.total, message: null, result: null, createdAt: '', finishedAt: null });
      setJobId(started.jobId);
      setStep('running');
    } catch (e) {
      setError(displayError(t, e));
    }
  };

  const busy = step === 'checking' || step === 'running';
  const hasErrors = (preview?.errorCount ?? 0) > 0;
  const chooseButton = (label: string, variant: 'contained' | 'text') => (
    <Button variant={variant} startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()} disabled={busy}>
      {label}
    </Button>
  );

  if (!ready) return null;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{step === 'done' ? t('import.resultTitle') : t('import.title')}</DialogTitle>
      <DialogContent>
        <input ref={inputRef} id={inputId} type="file" hidden accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => void onChoose(e)} aria-label={t('import.fileLabel')} data-testid="import-file-input" />
        <Stack spacing={2.5}>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}

          {step === 'choose' || step === 'checking' ? (
            <>
              <Typography variant="body2">{t('import.intro')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(api.columnsKey ?? 'import.columns')}
              </Typography>
              <Link component="button" type="button" variant="body2" sx={{ alignSelf: 'flex-start' }} onClick={() => saveBlob(new Blob([api.template.csv()], { type: 'text/csv;charset=utf-8' }), api.template.fileName)}>
                {t('import.template')}
              </Link>
              {step === 'checking' ? (
                <Box role="status">
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('import.checking', { name: file?.name ?? '' })}
                  </Typography>
                  <LinearProgress aria-label={t('import.checking', { name: file?.name ?? '' })} />
                </Box>
              ) : null}
            </>
          ) : null}

          {step === 'preview' && preview ? (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography variant="subtitle1" component="h3">
                  {t('import.previewTitle')}
                </Typography>
                <Chip size="small" label={t('import.fileSummary', { name: preview.fileName, format: preview.format.toUpperCase() })} />
              </Stack>
              <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }} data-testid="import-counts">
                <Figure label={t('import.totalRows')} value={preview.totalRows} />
                <Figure label={t('import.validRows')} value={preview.validCount} color="success.main" />
                <Figure label={t('import.invalidRows')} value={preview.invalidCount} color={preview.invalidCount ? 'error.main' : undefined} />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('import.recognised')}: {preview.columns.recognised.join(', ') || t('common.none')}
                {preview.columns.ignored.length ? ` · ${t('import.ignored')}: ${preview.columns.ignored.join(', ')}` : ''}
              </Typography>
              {hasErrors ? (
                <>
                  <RowErrors errors={preview.errors} total={preview.errorCount} ns={ns} />
                  <Alert severity="warning">{t('import.importAllBlocked')}</Alert>
                </>
              ) : (
                <Alert severity="success">{t('import.noErrors')}</Alert>
              )}
            </>
          ) : null}

          {step === 'running' && job ? (
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                {t('import.progressTitle')}
              </Typography>
              <LinearProgress variant="determinate" value={job.progress} aria-label={t('import.progressLabel')} sx={{ height: 8, borderRadius: 4 }} data-testid="import-progress" />
              <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`import.phase.${job.phase}`, { defaultValue: job.phase })}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {job.progress}% · {t('import.processed', { processed: job.processed, total: job.total })}
                </Typography>
              </Stack>
            </Box>
          ) : null}

          {step === 'done' && job ? (
            job.status === 'succeeded' ? (
              <>
                <Alert severity="success" icon={<CheckCircleIcon />} data-testid="import-result">
                  <AlertTitle>{t('import.created', { count: job.result?.created ?? 0 })}</AlertTitle>
                  {job.result?.skipped ? t('import.skipped', { count: job.result.skipped }) : null}
                </Alert>
                {job.result?.errors.length ? <RowErrors errors={job.result.errors} total={job.result.errorCount} ns={ns} /> : null}
              </>
            ) : (
              <>
                <Alert severity="error" data-testid="import-result">
                  <AlertTitle>{t('import.failedTitle')}</AlertTitle>
                  {job.message ? (api.translateJobMessage?.(job.message) ?? translateMessage(t, job.message)) : null}
                </Alert>
                {job.result?.errors.length ? <RowErrors errors={job.result.errors} total={job.result.errorCount} ns={ns} /> : null}
              </>
            )
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        {step === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            {t('import.close')}
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              {t('core:common.cancel')}
            </Button>
            {step === 'preview' ? (
              <>
                {chooseButton(t('import.anotherFile'), 'text')}
                <Button variant={api.allowValidRows ? 'outlined' : 'contained'} disabled={hasErrors || !preview?.validCount} onClick={() => void onStart(false)}>
                  {t('import.importAll')}
                </Button>
                {api.allowValidRows ? (
                  <Button variant="contained" disabled={!preview?.validCount} onClick={() => void onStart(true)}>
                    {t('import.importValid', { count: preview?.validCount ?? 0 })}
                  </Button>
                ) : null}
              </>
            ) : step === 'running' ? null : (
              chooseButton(t('import.choose'), 'contained')
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
