import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import type { TDocument } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { formatBytes } from '../files.ts';

type TProps = {
  title: string;
  subtitle: string;
  documents: readonly TDocument[] | undefined;
  loading: boolean;
  error?: unknown;
  upload: (file: File) => Promise<unknown>;
  download: (document: TDocument) => Promise<unknown>;
  /** HR may delete; the portal may not. */
  remove?: (document: TDocument) => Promise<unknown>;
  /** In a narrow column the upload button goes under the title instead of beside it. */
  narrow?: boolean;
};

/** An employee's documents: the list, upload (checked by the server from the bytes), download with the token. */
export const DocumentsPanel = ({ title, subtitle, documents, loading, error, upload, download, remove, narrow = false }: TProps) => {
  const { t, i18n } = useTranslation('people');
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TDocument | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUploading(file.name);
    try {
      await upload(file);
    } catch (e) {
      setUploadError(displayError(t, e));
    } finally {
      setUploading(null);
    }
  };

  const onDownload = async (document: TDocument) => {
    try {
      await download(document);
    } catch (e) {
      flash(t('documents.downloadFailed', { message: displayError(t, e) }), 'error');
    }
  };

  const uploadButton = (
    <>
      <input ref={inputRef} type="file" hidden accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,image/*" onChange={(e) => void onChoose(e)} aria-label={t('documents.upload')} data-testid="document-file-input" />
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()} loading={!!uploading} sx={{ flexShrink: 0, alignSelf: 'flex-start' }}>
        {t('documents.upload')}
      </Button>
    </>
  );
  return (
    <PanelCard title={title} subtitle={subtitle} action={narrow ? undefined : uploadButton}>
      <Stack spacing={1} sx={{ px: 3, pb: narrow || uploading || uploadError || error ? 2 : 0 }}>
        {narrow ? uploadButton : null}
        {uploading ? (
          <div role="status">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('documents.uploading', { name: uploading })}
            </Typography>
            <LinearProgress aria-label={t('documents.uploading', { name: uploading })} />
          </div>
        ) : null}
        {uploadError ? (
          <Alert severity="error" role="alert" onClose={() => setUploadError(null)}>
            {uploadError}
          </Alert>
        ) : null}
        {error ? <Alert severity="error">{displayError(t, error)}</Alert> : null}
      </Stack>
      {loading ? (
        <Stack spacing={1} sx={{ px: 3, pb: 3 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : !documents?.length ? (
        <EmptyState Icon={FolderOpenIcon} compact title={t('documents.emptyTitle')} body={t('documents.emptyBody')} />
      ) : (
        <List sx={{ px: 1, pb: 1 }} data-testid="documents-list">
          {documents.map((doc) => (
            <ListItem
              key={doc._id}
              divider
              secondaryAction={
                <Stack direction="row" spacing={0.5}>
                  <Tooltip title={t('common.download')}>
                    <IconButton onClick={() => void onDownload(doc)} aria-label={`${t('common.download')}: ${doc.name}`}>
                      <DownloadIcon />
                    </IconButton>
                  </Tooltip>
                  {remove ? (
                    <Tooltip title={t('common.delete')}>
                      <IconButton onClick={() => setDeleting(doc)} aria-label={`${t('common.delete')}: ${doc.name}`}>
                        <DeleteIcon color="error" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </Stack>
              }
              sx={{ pr: remove ? 14 : 8 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <DescriptionIcon color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={doc.name}
                secondary={
                  <>
                    {formatDate(doc.createdAt, i18n.language)} · {formatBytes(doc.size, i18n.language)}
                    {doc.uploadedBy === 'portal' ? <Chip component="span" size="small" label={t('documents.byPortal')} sx={{ ml: 1, height: 20 }} /> : null}
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {remove ? (
        <ConfirmDialog
          open={!!deleting}
          destructive
          title={t('documents.deleteTitle', { name: deleting?.name ?? '' })}
          body={t('documents.deleteBody')}
          confirmLabel={t('common.delete')}
          busy={busyDelete}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            if (!deleting) return;
            setBusyDelete(true);
            remove(deleting)
              .then(() => setDeleting(null))
              .catch((e: unknown) => flash(displayError(t, e), 'error'))
              .finally(() => setBusyDelete(false));
          }}
        />
      ) : null}
    </PanelCard>
  );
};
