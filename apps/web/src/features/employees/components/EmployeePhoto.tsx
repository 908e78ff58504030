import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { tokens } from '../../../shared/ui/tokens.ts';
import { initials } from '../../../shared/format/names.ts';
import { useAuthedImage } from '../files.ts';

type TProps = {
  name: string;
  imagePath: string | null;
  version?: string;
  /** The bearer token for the photo: the staff session's unless the portal passes its own. */
  token?: string | null;
  scope?: string;
  size?: number;
  onUpload?: (file: File) => void;
  uploading?: boolean;
};

/** An employee's photo (fetched with the bearer token), or their initials; optionally with "Change photo". */
export const EmployeePhoto = ({ name, imagePath, version, token, scope, size = 96, onUpload, uploading = false }: TProps) => {
  const { t } = useTranslation('people');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = useAuthedImage(imagePath, { token, version, scope });
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && onUpload) onUpload(file);
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={url ?? undefined} alt={url ? t('detail.photoAlt', { name }) : undefined} sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: tokens.primaryLight, color: 'primary.dark' }} data-testid="employee-photo">
        {initials(name)}
      </Avatar>
      {onUpload ? (
        <Box sx={{ textAlign: 'center' }}>
          <input ref={inputRef} id={inputId} type="file" accept="image/*" hidden onChange={onChoose} aria-label={t('detail.changePhoto')} data-testid="photo-file-input" />
          <Button size="small" startIcon={<PhotoCameraIcon />} onClick={() => inputRef.current?.click()} loading={uploading} sx={{ whiteSpace: 'nowrap' }}>
            {t('detail.changePhoto')}
          </Button>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {t('detail.photoHelp')}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
};
