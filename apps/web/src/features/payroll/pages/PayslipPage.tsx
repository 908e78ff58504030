import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { getStoredToken } from '../../../shared/api/token.ts';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { getPortalState } from '../../portal/portalSession.ts';
import { downloadFile, usePayslip } from '../api.ts';
import { PayslipView } from '../components/PayslipView.tsx';

/**
 * /payroll/{id}: one payslip outside the layout, printable, with its PDF. Staff read it with their own token;
 * an employee signed in to the portal (and no staff session) with the portal's.
 */
export const PayslipPage = () => {
  const { t } = useTranslation('pay');
  const { id = '' } = useParams();
  const token = getStoredToken() ? null : getPortalState().portal?.token ?? null;
  const slip = usePayslip(id, token);
  useDocumentTitle(slip.data ? `${t('payslip.title')} ${slip.data.month} · ${slip.data.employee.name}` : t('payslip.title'));
  const onPdf = () =>
    downloadFile(`/payroll/payslip/${id}/pdf`, { token, fallbackName: `payslip-${slip.data?.month ?? ''}.pdf` })
      .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 2, '@media print': { display: 'none' } }}>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!slip.data}>{t('payslip.print')}</Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={onPdf} disabled={!slip.data} data-testid="payslip-pdf">{t('payslip.pdf')}</Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, '@media print': { border: 0, p: 0 } }} data-testid="payslip">
        {slip.data ? null : <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{t('payslip.title')}</Typography>}
        {slip.isLoading ? <Box><Skeleton height={40} /><Skeleton variant="rounded" height={300} /></Box> : null}
        {slip.error ? <Alert severity="error">{t('payslip.notFound')} {displayError(t, slip.error)}</Alert> : null}
        {slip.data ? <PayslipView slip={slip.data} /> : null}
      </Paper>
    </Container>
  );
};
