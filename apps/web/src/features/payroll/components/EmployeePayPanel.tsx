import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canSeePay } from '../../../shared/access.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useEmployeePay, type TEmployeePay } from '../api.ts';
import { PayslipsPanel } from './PayslipsPanel.tsx';
import { countryIdentifiers } from './PayDialogs.tsx';
import { LoansList } from './LoansList.tsx';
import { EmployeeStructureSection } from '../../structures/components/EmployeeStructureSection.tsx';

/** Issue 32: the employee's salary revisions, newest first: old → new gross, the month it took effect and when it was recorded. */
const SalaryHistory = ({ history, money }: { history: TEmployeePay['grossHistory']; money: (minor: number | null) => string }) => {
  const { t, i18n } = useTranslation('pay');
  if (history.length === 0) return null;
  const monthOf = (date: string) => new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 7)}-01T00:00:00Z`));
  const dayOf = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h3">{t('detail.history')}</Typography>
      <List dense disablePadding data-testid="pay-salary-history">
        {history.map((h) => (
          <ListItem key={`${h.changedAt}-${h.grossMinor}`} disableGutters>
            <ListItemText
              primary={h.previousMinor === null
                ? t('detail.historyFirst', { to: money(h.grossMinor), month: monthOf(h.effectiveDate) })
                : t('detail.historyRow', { from: money(h.previousMinor), to: money(h.grossMinor), month: monthOf(h.effectiveDate) })}
              secondary={t('detail.recordedOn', { date: dayOf(h.changedAt) })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
};

/** The employee detail's pay section: for the owner and Accounts-access only (HR-access alone sees nothing of it). */
export const EmployeePayPanel = ({ employeeId }: { employeeId: string }) => {
  const user = useCurrentUser();
  const allowed = canSeePay(user.roles);
  const { t, i18n, ready } = useTranslation('pay', { useSuspense: false });
  const pay = useEmployeePay(employeeId, allowed);
  if (!allowed) return null;
  const money = (minor: number | null) => (minor === null ? t('wages.notSet') : formatMinor(minor, user.currency, i18n.language));
  const s = pay.data?.settings;
  return (
    <Card data-testid="employee-pay">
      <CardContent>
        {!ready || pay.isLoading || !s ? <Skeleton variant="rounded" height={120} /> : (
          <>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2">{t('detail.title')}</Typography>
              <Button size="small" component={RouterLink} to="/wages">{t('detail.manage')}</Button>
            </Stack>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}><Typography variant="body2" color="text.secondary">{t('detail.gross')}</Typography><Typography>{money(s.grossIncomeMinor)}</Typography></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><Typography variant="body2" color="text.secondary">{t('detail.bank')}</Typography><Typography>{[s.bankName, s.accountNumber].filter(Boolean).join(' ') || t('wages.notSet')}</Typography></Grid>
              <Grid size={{ xs: 12, sm: 4 }}><Typography variant="body2" color="text.secondary">{t('fields.payDay')}</Typography><Typography>{s.payDay ?? t('wages.notSet')}</Typography></Grid>
              {countryIdentifiers(user.country).map((k) => {
                // The PFA by its licensed name; a value typed before the lists is shown as it is, flagged.
                const value = k === 'pensionFundAdministrator' ? s.pensionFundAdministratorName ?? s.pensionFundAdministrator : s[k];
                const isUnlisted = ((s.unlisted ?? []) as string[]).includes(k);
                return (
                  <Grid key={k} size={{ xs: 12, sm: 4 }} data-testid={`pay-id-${k}`}>
                    <Typography variant="body2" color="text.secondary">{t(`identifiers.fields.${k}`)}</Typography>
                    <Typography color={value && !isUnlisted ? undefined : 'text.secondary'}>{value ?? t('wages.notSet')}</Typography>
                    {isUnlisted && value ? <Typography variant="caption" color="error.main">{t('identifiers.unlisted', { value })}</Typography> : null}
                  </Grid>
                );
              })}
            </Grid>
            <SalaryHistory history={pay.data!.grossHistory} money={money} />
            <Divider sx={{ my: 2 }} />
            <EmployeeStructureSection employeeId={employeeId} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3">{t('detail.loans')}</Typography>
            <LoansList loans={pay.data!.loans} money={money} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3">{t('detail.payslips')}</Typography>
            <PayslipsPanel employeeId={employeeId} emptyTitle={t('detail.noPayslips')} emptyBody="" />
          </>
        )}
      </CardContent>
    </Card>
  );
};
