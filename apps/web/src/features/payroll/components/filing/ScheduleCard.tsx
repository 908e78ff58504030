import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSchedule } from '@bizdesk/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMinor } from '../../../../shared/format/money.ts';
import { useCurrentUser } from '../../../../shared/session.ts';
import { ScheduleRows } from './ScheduleRows.tsx';

type TFormat = 'csv' | 'xlsx' | 'pdf';

const ID_KEYS: Record<string, string> = {
  TIN: 'tin', 'State of residence': 'state', 'RSA PIN': 'rsaPin', PFA: 'pfa', 'NHF number': 'nhfNumber',
  'TIN or Ghana Card': 'tinOrGhanaCard', 'SSNIT number or Ghana Card': 'ssnitOrGhanaCard',
};
/** The server names a missing identifier in English; the screen says it in the reader's language. */
export const identifierLabel = (t: (key: string) => string, label: string) => (ID_KEYS[label] ? t(`tax.identifier.${ID_KEYS[label]}`) : label);
type TProps = {
  schedule: TSchedule;
  /** The heading in the reader's language (the model's title is the authority's English form name). */
  heading: string;
  formats: TFormat[];
  onDownload: (format: TFormat) => void;
  /** What the amount is (tax, contributions). */
  amountLabel: string;
  /** h2 for the month's schedules, h3 under the annual returns' heading. */
  headingLevel?: 'h2' | 'h3';
  children?: ReactNode;
};

/**
 * One schedule (or annual return) on the tax-filing screen: who it is for, how many employees, what it totals, the
 * rows missing an identifier (each linking to that employee's record, where the pay settings are), and its files.
 */
export const ScheduleCard = ({ schedule, heading, formats, onDownload, amountLabel, headingLevel = 'h2', children }: TProps) => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const missingRows = schedule.rows.filter((r) => r.missing.length > 0);
  const [isOpen, setOpen] = useState(false);
  const name = (cells: TSchedule['rows'][number]['cells']) => String(cells.name ?? '');
  return (
    <Card sx={{ height: 1 }} data-testid={`schedule-${schedule.kind}${schedule.payee ? `-${schedule.payee}` : ''}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}>
          <div>
            <Typography variant="h6" component={headingLevel}>{heading}</Typography>
            <Typography variant="body2" color="text.secondary">{schedule.title}</Typography>
          </div>
          <ButtonGroup size="small" aria-label={t('tax.downloadOf', { name: heading })}>
            {formats.map((f) => <Button key={f} onClick={() => onDownload(f)}>{t(`tax.format.${f}`)}</Button>)}
          </ButtonGroup>
        </Stack>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <div>
            <Typography variant="caption" color="text.secondary">{t('common.employees')}</Typography>
            <Typography variant="h6" component="p">{schedule.employees}</Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary">{amountLabel}</Typography>
            <Typography variant="h6" component="p">{formatMinor(schedule.amountMinor, user.currency, i18n.language)}</Typography>
          </div>
        </Stack>
        {children}
        <Button size="small" sx={{ mt: 1 }} aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>{t(isOpen ? 'tax.hideRows' : 'tax.showRows')}</Button>
        {isOpen ? <ScheduleRows schedule={schedule} /> : null}
        {missingRows.length ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('tax.missingCount', { count: missingRows.length })}
            <List dense disablePadding>
              {missingRows.map((r, i) => (
                <ListItem key={`${r.employeeId}-${i}`} disableGutters sx={{ display: 'list-item', py: 0 }}>
                  {r.employeeId
                    ? <Link component={RouterLink} underline="always" to={`/employee-detail?id=${encodeURIComponent(r.employeeId)}`}>{name(r.cells) || r.employeeId}</Link>
                    : name(r.cells)}
                  {`: ${r.missing.map((label) => identifierLabel(t, label)).join(', ')}`}
                </ListItem>
              ))}
            </List>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
};
