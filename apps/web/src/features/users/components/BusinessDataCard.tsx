import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { HOME_PATH } from '@bizdesk/contract';
import { endSession, useSession } from '../../../shared/session.ts';
import { normalizeRoles } from '../../../shared/access.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { downloadExport, useBusinessData, useImportArchive, useStartExport } from '../business-data.api.ts';

const megabytes = (bytes: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.max(bytes / 1024 / 1024, 0.1));
const dateTime = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * "Your data" (issue 36 item 4), the owner's: download everything the business holds as one archive (prepared as a job
 * with progress, kept seven days), and, while the business is empty, import an archive another server prepared.
 */
export const BusinessDataCard = () => {
  const { t, i18n } = useTranslation('app');
  // Read without throwing: a finished import ends the session while this card is still on screen.
  const { user } = useSession();
  const isOwner = !!user && normalizeRoles(user.roles).includes('owner');
  const query = useBusinessData(isOwner);
  const start = useStartExport();
  const importArchive = useImportArchive();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (!isOwner || !user) return null;
  const latest = query.data?.latest ?? null;
  const running = latest && (latest.status === 'queued' || latest.status === 'running');
  const language = i18n.language;

  const onDownload = () => {
    if (!latest) return;
    setDownloading(true);
    downloadExport(latest).catch((e: unknown) => flash(displayError(t, e), 'error')).finally(() => setDownloading(false));
  };
  const onImport = () => {
    if (!file) return;
    importArchive.mutateAsync(file).then((res) => {
      setFile(null);
      flash(t('businessData.imported', { name: res.data.businessName, rows: res.data.rows, files: res.data.files }), 'success');
      // The archive's business replaced this one, with this account: sign in again with an account from the archive.
      endSession();
      void navigate(HOME_PATH, { replace: true });
    }, (e: unknown) => {
      setFile(null);
      flash(displayError(t, e), 'error');
    });
  };

  return (
    <Card id="your-data">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('businessData.title')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{t('businessData.description')}</Typography>
        {query.isError ? <Alert severity="error" sx={{ mb: 2 }}>{displayError(t, query.error)}</Alert> : null}
        <Stack spacing={1.5}>
          {running ? (
            <div data-testid="export-progress">
              <Typography variant="body2" sx={{ mb: 0.5 }}>{t('businessData.preparing', { progress: latest.progress })}</Typography>
              <LinearProgress variant="determinate" value={latest.progress} aria-label={t('businessData.preparing', { progress: latest.progress })} />
            </div>
          ) : null}
          {latest?.status === 'failed' ? <Alert severity="error">{t('businessData.failed', { message: latest.message ?? '' })}</Alert> : null}
          {latest?.status === 'succeeded' && latest.downloadPath ? (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2">
                {t('businessData.ready', {
                  date: dateTime(latest.createdAt, language), tables: latest.tables ?? 0, rows: latest.rows ?? 0, files: latest.files ?? 0,
                  size: megabytes(latest.bytes ?? 0, language), expires: dateTime(latest.expiresAt!, language),
                })}
              </Typography>
              <Button variant="contained" startIcon={<DownloadIcon />} loading={downloading} onClick={onDownload} data-testid="export-download">
                {t('businessData.downloadArchive')}
              </Button>
            </Stack>
          ) : null}
          {latest?.status === 'succeeded' && latest.isExpired ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('businessData.expired')}</Typography> : null}
          {!running ? (
            <div>
              <Button
                variant={latest?.downloadPath ? 'outlined' : 'contained'} startIcon={<DownloadIcon />} loading={start.isPending} data-testid="export-start"
                onClick={() => void start.mutateAsync(undefined).catch((e: unknown) => flash(displayError(t, e), 'error'))}
              >
                {latest ? t('businessData.again') : t('businessData.start')}
              </Button>
            </div>
          ) : null}
        </Stack>
        {query.data?.isEmpty ? (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>{t('businessData.importTitle')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{t('businessData.importBody')}</Typography>
            <input
              ref={input} type="file" accept=".gz,.tgz,application/gzip" hidden data-testid="import-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} loading={importArchive.isPending} onClick={() => input.current?.click()}>
              {t('businessData.importButton')}
            </Button>
          </>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={file !== null}
        title={t('businessData.confirmTitle')}
        body={t('businessData.confirmBody', { file: file?.name ?? '', name: user.businessName })}
        confirmLabel={t('businessData.confirm')}
        destructive
        busy={importArchive.isPending}
        onConfirm={onImport}
        onClose={() => setFile(null)}
      />
    </Card>
  );
};
