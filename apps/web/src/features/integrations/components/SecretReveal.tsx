import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCopy } from '../../../shared/ui/useCopy.ts';

/** A secret shown once (a new API key, a webhook's signing secret), whole and selectable, with a copy button. */
export const SecretReveal = ({ secret, body, copyLabel }: { secret: string; body: string; copyLabel: string }) => {
  const copy = useCopy();
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{body}</Alert>
      <Box
        component="code" data-testid="one-time-secret"
        sx={{ fontFamily: 'monospace', fontSize: '0.9rem', p: 1.5, borderRadius: 1, bgcolor: 'grey.100', userSelect: 'all', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
      >
        {secret}
      </Box>
      <div>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy(secret)}>{copyLabel}</Button>
      </div>
    </Stack>
  );
};
