import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopy } from './useCopy.ts';

/** A code people read out or paste (portal code, data code), with a copy button. */
export const CopyableCode = ({ code, label, testId }: { code: string; label: string; testId?: string }) => {
  const copy = useCopy();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box component="code" data-testid={testId} sx={{ fontFamily: 'monospace', fontSize: '0.95rem', fontWeight: 700, letterSpacing: '0.12em', px: 1.25, py: 0.5, borderRadius: 1, bgcolor: 'grey.100', userSelect: 'all' }}>
        {code}
      </Box>
      <Tooltip title={label}>
        <IconButton size="small" onClick={() => void copy(code)} aria-label={label}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
};
