import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSchedule } from '@bizdesk/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { downloadFile, thisMonth, useTaxFiling } from '../api.ts';
import { ScheduleCard } from '../components/filing/ScheduleCard.tsx';
import { AnnualReturns } from '../components/filing/AnnualReturns.tsx';

/**
 * /tax-filling: every schedule a business files for a month (NG: PAYE per State IRS, pension per PFA, NHF, NSITF, ITF;
 * GH: the GRA monthly schedule, SSNIT tier 1 and tier 2), from the month's approved run, and the year's annual returns.
 * Opens on the latest approved month.
 */
export const TaxFilingPage = () => {
  const { t } = useTranslation('pay');
  const [picked, setPicked] = useState<string | null>(null);
  const probe = useTaxFiling(picked ?? thisMonth());
  const month = picked ?? probe.data?.latestApprovedMonth ?? thisMonth();
  const filing = useTaxFiling(month);
  const [year, setYear] = useState<number | null>(null);
  const shownYear = year ?? Number(month.slice(0, 4));
  const data = filing.data;
  const schedules = data?.schedules ?? [];

  const download = (s: TSchedule, format: 'csv' | 'xlsx' | 'pdf') =>
    downloadFile(`/payroll/tax-filing/${month}/file`, { query: { kind: s.kind, format, ...(s.payee ? { payee: s.payee } : {}) }, fallbackName: `${s.kind}-schedule-${s.period}.${format}` })
      .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));
  const heading = (s: TSchedule) => t(`tax.kind.${s.kind}`, { payee: s.payee || (s.kind === 'ng-paye' ? t('tax.stateNotSet') : t('tax.pfaNotSet')) });
  const amountLabel = (s: TSchedule) => t(s.kind.endsWith('paye') ? 'tax.taxDeducted' : 'tax.contributions');

  const salaryLink = <Button component={RouterLink} to="/salary" variant="contained">{t('tax.toSalary')}</Button>;
  return (
    <>
      <PageHeader
        title={t('tax.title')}
        description={t('tax.description')}
        actions={<TextField label={t('common.month')} type="month" size="small" value={month} onChange={(e) => e.target.value && setPicked(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />}
      />
      {filing.error ? <Alert severity="error" sx={{ mb: 3 }}>{displayError(t, filing.error)}</Alert> : null}
      {data?.runStatus === 'draft' ? (
        <Alert severity="info" sx={{ mb: 3 }} action={<Button component={RouterLink} to="/salary" color="inherit" size="small">{t('tax.toSalary')}</Button>}>
          {t('tax.approveFirst', { month })}
        </Alert>
      ) : null}
      {data && data.runStatus === null ? (
        <Card sx={{ mb: 3 }}><EmptyState Icon={RequestQuoteIcon} title={t('tax.emptyTitle', { month })} body={t('tax.emptyBody')} action={salaryLink} /></Card>
      ) : null}
      {data && data.isItfLiable === null && schedules.length ? (
        <Alert severity="warning" sx={{ mb: 3 }} action={<Button component={RouterLink} to="/profile" color="inherit" size="small">{t('tax.toProfile')}</Button>}>
          {t('tax.itfUnanswered')}
        </Alert>
      ) : null}
      {schedules.length ? (
        <Grid container spacing={3}>
          {schedules.map((s) => (
            <Grid key={`${s.kind}-${s.payee}`} size={{ xs: 12, md: 6 }}>
              <ScheduleCard schedule={s} heading={heading(s)} amountLabel={amountLabel(s)} formats={['csv', 'xlsx']} onDownload={(f) => download(s, f)} />
            </Grid>
          ))}
        </Grid>
      ) : null}
      <AnnualReturns year={shownYear} onYear={setYear} />
    </>
  );
};
