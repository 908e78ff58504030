import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Popover from '@mui/material/Popover';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import SendIcon from '@mui/icons-material/Send';
import { apiRequest } from '../../shared/api/client.ts';
import { refreshSessionUser } from '../../shared/session.ts';
import { FilePickButton } from '../../shared/ui/FilePickButton.tsx';

type TProps = { anchorEl: HTMLElement | null; userId: string; onClose: () => void };

/** POST /images/upload-logo/{userId}: multipart with file and userId; the answer is only logged (spec 01 §7–§8). */
export const uploadLogo = async (file: File, userId: string) => {
  const form = new FormData();
  form.append('file', file);
  form.append('userId', userId);
  return apiRequest<{ imagePath: string }>(`/images/upload-logo/${encodeURIComponent(userId)}`, { method: 'POST', form });
};

/** Spec 01 §2/§4: 'Upload New Profile Picture' with a file chooser (images only) and Send File. */
export const LogoUploadPopover = ({ anchorEl, userId, onClose }: TProps) => {
  const { t } = useTranslation('app');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [rejected, setRejected] = useState(false);
  const [sending, setSending] = useState(false);

  const reset = () => {
    if (preview) URL.revokeObjectURL(preview);
    setFile(null);
    setPreview(null);
    setRejected(false);
  };

  const onChoose = (chosen: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    const isImage = !!chosen && chosen.type.startsWith('image/');
    setRejected(!!chosen && !isImage);
    setFile(isImage ? chosen : null);
    setPreview(isImage ? URL.createObjectURL(chosen) : null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const onSend = async () => {
    if (!file || !userId) return;
    setSending(true);
    try {
      const res = await uploadLogo(file, userId);
      console.debug('Logo uploaded', res);
      await refreshSessionUser();
    } catch (error) {
      console.error('Logo upload failed', error);
    } finally {
      setSending(false);
      close();
    }
  };

  return (
    <Popover
      open={!!anchorEl}
      anchorEl={anchorEl}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2.5, width: 300, mt: 1 }, role: 'dialog', 'aria-labelledby': `${inputId}-title` } }}
    >
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
        {t('msg.uploadLogoTitle')}
      </Typography>
      <Stack spacing={1.5}>
        <Box
          sx={{
            height: 100,
            border: '1px dashed',
            borderColor: 'divider',
            borderRadius: 2,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'grey.50',
            overflow: 'hidden',
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt="" sx={{ width: 150, height: 100, objectFit: 'contain' }} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('logo.noFile')}
            </Typography>
          )}
        </Box>
        <FilePickButton inputId={inputId} variant="outlined" startIcon={<CloudUploadIcon />} accept="image/*" inputLabel={t('logo.choose')} inputTestId="logo-file-input" onPick={onChoose}>
          {t('logo.choose')}
        </FilePickButton>
        {file ? (
          <Typography variant="caption" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
        ) : null}
        {rejected ? (
          <Typography variant="caption" sx={{ color: 'error.main' }} role="alert">
            {t('msg.imageOnly')}
          </Typography>
        ) : null}
        <Button variant="contained" startIcon={<SendIcon />} disabled={!file || !userId || sending} onClick={() => void onSend()}>
          {t('logo.send')}
        </Button>
      </Stack>
    </Popover>
  );
};
