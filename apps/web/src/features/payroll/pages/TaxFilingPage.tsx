import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { downloadFile, thisMonth, useTaxFiling } from '../api.ts';

/** /tax-filling: the month's PAYE (per state; GRA in Ghana) and pension (per PFA) schedules, exportable. */
export const TaxFilingPage = () => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const [month, setMonth] = useState(thisMonth());
  const filing = useTaxFiling(month);
  const download = (kind: 'paye' | 'pension', format: 'csv' | 'xlsx') =>
    downloadFile(`/payroll/tax-filing/${month}/file`, { query: { kind, format }, fallbackName: `${kind}-schedule-${month}.${format}` })
      .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));
  const schedule = (kind: 'paye' | 'pension') => {
    const rows = filing.data?.[kind] ?? [];
    const total = rows.reduce((s, r) => s + r.amountMinor, 0);
    return (
      <Card sx={{ height: 1 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2">{t(`tax.${kind}`)}</Typography>
            <ButtonGroup size="small" aria-label={`${t(`tax.${kind}`)} ${t('common.download')}`}>
              <Button onClick={() => download(kind, 'csv')}>{t('common.csv')}</Button>
              <Button onClick={() => download(kind, 'xlsx')}>{t('common.xlsx')}</Button>
            </ButtonGroup>
          </Stack>
          <Table size="small" aria-label={t(`tax.${kind}`)}>
            <TableHead>
              <TableRow><TableCell>{t('tax.group')}</TableCell><TableCell align="right">{t('common.employees')}</TableCell><TableCell align="right">{t('tax.amount')}</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.group}><TableCell>{r.group}</TableCell><TableCell align="right">{r.employees}</TableCell><TableCell align="right">{formatMinor(r.amountMinor, user.currency, i18n.language)}</TableCell></TableRow>
              ))}
              <TableRow><TableCell sx={{ fontWeight: 700 }}>Total</TableCell><TableCell /><TableCell align="right" sx={{ fontWeight: 700 }}>{formatMinor(total, user.currency, i18n.language)}</TableCell></TableRow>
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    );
  };
  const hasData = Boolean(filing.data && (filing.data.paye.length || filing.data.pension.length));
  return (
    <>
      <PageHeader
        title={t('tax.title')}
        description={t('tax.description')}
        actions={<TextField label={t('common.month')} type="month" size="small" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />}
      />
      {filing.data?.runStatus === 'draft' && hasData ? <Alert severity="info" sx={{ mb: 3 }}>{t('tax.draftNote')}</Alert> : null}
      {filing.error ? <Alert severity="error">{displayError(t, filing.error)}</Alert> : null}
      {!filing.isLoading && !hasData ? <EmptyState Icon={RequestQuoteIcon} title={t('tax.emptyTitle', { month })} body={t('tax.emptyBody')} /> : null}
      {hasData ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>{schedule('paye')}</Grid>
          <Grid size={{ xs: 12, md: 6 }}>{schedule('pension')}</Grid>
        </Grid>
      ) : null}
    </>
  );
};
