import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { downloadFile, useEmployeeSlips } from '../api.ts';

/** An employee's payslips (portal: their own published ones, with the portal token; staff: every approved one). */
export const PayslipsPanel = ({ employeeId, token, emptyTitle, emptyBody }: { employeeId: string; token?: string | null; emptyTitle?: string; emptyBody?: string }) => {
  // Shown inside other features' pages: the namespace loads without suspending them.
  const { t, i18n, ready } = useTranslation('pay', { useSuspense: false });
  const slips = useEmployeeSlips(employeeId, token);
  if (slips.isLoading || !ready) return <Skeleton variant="rounded" height={80} />;
  if (!slips.data?.length) return <EmptyState Icon={ReceiptLongIcon} compact title={emptyTitle ?? t('portal.empty')} body={emptyBody ?? t('portal.emptyBody')} />;
  return (
    <List dense data-testid="payslip-list">
      {slips.data.map((s) => {
        // Issue 32: an off-cycle run's payslip is named by its kind beside the month's regular one.
        const offCycle = s.kind && s.kind !== 'regular' ? s.kind : null;
        return (
        <ListItem key={s._id} divider secondaryAction={
          <Stack direction="row" spacing={1}>
            <Button size="small" component={RouterLink} to={`/payroll/${s._id}`} data-testid={`open-payslip-${s.month}${offCycle ? `-${offCycle}` : ''}`}>{t('portal.open')}</Button>
            <Button size="small" onClick={() => downloadFile(`/payroll/payslip/${s._id}/pdf`, { token, fallbackName: `payslip-${s.month}.pdf` }).catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'))}>PDF</Button>
          </Stack>
        }>
          <ListItemText primary={offCycle ? t('offCycle.runTitle', { kind: s.label?.trim() || t(`offCycle.kinds.${offCycle}`), month: s.month }) : s.month} secondary={`${formatMinor(s.netMinor, s.currency, i18n.language)}${s.isPublished ? '' : ` · ${t('salary.notPublished')}`}`} />
        </ListItem>
        );
      })}
    </List>
  );
};
