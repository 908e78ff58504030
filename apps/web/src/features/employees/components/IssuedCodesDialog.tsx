import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TIssuedCodes } from '@bizdesk/contract';
import { CopyableCode } from '../../../shared/ui/CopyableCode.tsx';

/**
 * The codes just issued (on create or re-issue), shown this once: the server keeps only their hashes, so this dialog
 * is the only place they can be read. Closing it loses them; a new pair needs a re-issue.
 */
export const IssuedCodesDialog = ({ codes, name, onClose }: { codes: TIssuedCodes | null; name: string; onClose: () => void }) => {
  const { t } = useTranslation('people');
  return (
    <Dialog open={codes !== null} onClose={(_e, reason) => (reason === 'backdropClick' ? undefined : onClose())} fullWidth maxWidth="xs" aria-labelledby="issued-codes-title">
      <DialogTitle id="issued-codes-title">{t('codes.title', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Alert severity="warning">{t('codes.onlyNow')}</Alert>
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('fields.portalCode')}
            </Typography>
            {codes ? <CopyableCode code={codes.portalCode} label={`${t('common.copy')}: ${t('fields.portalCode')}`} testId="portal-code" /> : null}
          </Box>
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('fields.employeeUniqueCode')}
            </Typography>
            {codes ? <CopyableCode code={codes.employeeUniqueCode} label={`${t('common.copy')}: ${t('fields.employeeUniqueCode')}`} testId="employee-code" /> : null}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('codes.pinNote', { name })}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="issued-codes-done">
          {t('codes.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
