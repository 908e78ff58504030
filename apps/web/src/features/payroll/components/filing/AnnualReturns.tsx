import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSchedule } from '@bizdesk/contract';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import { EmptyState } from '../../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../../shared/ui/flash.ts';
import { displayError } from '../../../../shared/i18n/index.ts';
import { formatMinor } from '../../../../shared/format/money.ts';
import { useCurrentUser } from '../../../../shared/session.ts';
import { downloadFile, useAnnualReturns } from '../../api.ts';
import { ScheduleCard } from './ScheduleCard.tsx';

type TProps = { year: number; onYear: (year: number) => void };

/** The year's annual returns: Form H1 per State IRS and a tax deduction card per employee (NG), the GRA annual schedule (GH). */
export const AnnualReturns = ({ year, onYear }: TProps) => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const annual = useAnnualReturns(year);
  const returns = annual.data?.returns ?? [];
  const download = (r: TSchedule, format: 'xlsx' | 'pdf', payee?: string) =>
    downloadFile(`/payroll/annual-returns/${year}/file`, { query: { kind: r.kind, format, ...(payee ? { payee } : {}) }, fallbackName: `${r.kind}-${year}.${format}` })
      .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));
  const h1 = returns.filter((r) => r.kind === 'ng-h1');
  const cards = returns.filter((r) => r.kind === 'ng-tax-card');
  const gh = returns.filter((r) => r.kind === 'gh-annual');
  const employeeOf = (r: TSchedule) => r.header.find(([k]) => k === 'Employee')?.[1] ?? r.payee;
  return (
    <section aria-labelledby="annual-returns-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mt: 5, mb: 2 }}>
        <div>
          <Typography id="annual-returns-title" variant="h5" component="h2">{t('tax.annual.title')}</Typography>
          <Typography variant="body2" color="text.secondary">{t(user.country === 'GH' ? 'tax.annual.descriptionGh' : 'tax.annual.descriptionNg')}</Typography>
        </div>
        <TextField
          label={t('tax.annual.year')} type="number" size="small" value={year} sx={{ width: 120 }}
          onChange={(e) => { const y = Number(e.target.value); if (y >= 2000 && y <= 2100) onYear(y); }}
          slotProps={{ htmlInput: { min: 2000, max: 2100 } }}
        />
      </Stack>
      {!annual.isLoading && !returns.length ? (
        <Card><EmptyState compact Icon={EventNoteIcon} title={t('tax.annual.emptyTitle', { year })} body={t('tax.annual.emptyBody')} /></Card>
      ) : null}
      <Grid container spacing={3}>
        {[...h1, ...gh].map((r) => (
          <Grid key={`${r.kind}-${r.payee}`} size={{ xs: 12, md: 6 }}>
            <ScheduleCard
              schedule={r}
              heading={r.kind === 'ng-h1' ? t('tax.annual.h1', { state: r.payee || t('tax.stateNotSet') }) : t('tax.annual.gh')}
              amountLabel={t('tax.taxDeducted')}
              formats={['xlsx', 'pdf']}
              headingLevel="h3"
              onDownload={(format) => download(r, format as 'xlsx' | 'pdf', r.kind === 'ng-h1' ? r.payee : undefined)}
            />
          </Grid>
        ))}
        {cards.length ? (
          <Grid size={12}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h3">{t('tax.annual.cards')}</Typography>
                <Typography variant="body2" color="text.secondary">{t('tax.annual.cardsHelp')}</Typography>
                <List>
                  {cards.map((c) => (
                    <ListItem key={c.payee} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}
                    >
                      <ListItemText
                        primary={employeeOf(c)}
                        secondary={c.missing
                          ? <>{`${t('tax.taxDeducted')}: ${formatMinor(c.amountMinor, user.currency, i18n.language)} · `}<Link component={RouterLink} to={`/employee-detail?id=${encodeURIComponent(c.payee)}`}>{t('tax.annual.cardNoTin')}</Link></>
                          : `${t('tax.taxDeducted')}: ${formatMinor(c.amountMinor, user.currency, i18n.language)} · ${t('tax.annual.months', { count: c.rows.length })}`}
                      />
                      <ButtonGroup size="small" aria-label={t('tax.downloadOf', { name: employeeOf(c) })}>
                        <Button onClick={() => download(c, 'xlsx', c.payee)}>{t('tax.format.xlsx')}</Button>
                        <Button onClick={() => download(c, 'pdf', c.payee)}>{t('tax.format.pdf')}</Button>
                      </ButtonGroup>
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Grid>
        ) : null}
      </Grid>
    </section>
  );
};
