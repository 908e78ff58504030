import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BoltIcon from '@mui/icons-material/Bolt';
import { ENERGY_KINDS, ENERGY_UNITS, type TEnergyKind, ENERGY_ALERT_DEFAULT_PERCENT } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError, isLanguage } from '../../../shared/i18n/index.ts';
import { useInventoryUser } from '../../inventory/components/useInventoryUser.ts';
import { useEnergyReport, useMonthAverages } from '../energyApi.ts';
import { EnergyBars } from '../components/EnergyBars.tsx';
import { EnergyEntryDialog } from '../components/EnergyEntryDialog.tsx';

const ALERT_KEY = 'bizdeskEnergyAlertPercent';
const storedPercent = () => {
  const v = Number(typeof localStorage === 'undefined' ? NaN : localStorage.getItem(ALERT_KEY));
  return Number.isFinite(v) && v >= 0 && v <= 1000 && localStorage.getItem(ALERT_KEY) !== null ? v : ENERGY_ALERT_DEFAULT_PERCENT;
};

/** /tracker: monthly averages and cost per unit, per month and per project, with the rise alert and a written report. */
export const EnergyTrackerPage = () => {
  const { t, i18n } = useTranslation('inventory');
  const { email, money, user } = useInventoryUser();
  const [percentText, setPercentText] = useState(String(storedPercent()));
  const percent = /^\d{1,4}(\.\d{1,2})?$/.test(percentText) && Number(percentText) <= 1000 ? Number(percentText) : storedPercent();
  const months = useMonthAverages(email, percent);
  const report = useEnergyReport();
  const [adding, setAdding] = useState(false);
  const [instructions, setInstructions] = useState('');
  // Issue 34: one kind at a time, so litres, kWh and kg are never added or charted together.
  const [kind, setKind] = useState<TEnergyKind>('diesel');
  const kindsPresent = ENERGY_KINDS.filter((k) => months.data?.months.some((m) => m.kind === k));
  const shownKind = kindsPresent.includes(kind) ? kind : kindsPresent[0] ?? 'diesel';
  const unit = t(`energy.units.${ENERGY_UNITS[shownKind]}`);
  const data = months.data ? { ...months.data, months: months.data.months.filter((m) => m.kind === shownKind), byProject: months.data.byProject.filter((p) => p.kind === shownKind) } : undefined;
  const alerts = data?.months.filter((m) => m.isAlert) ?? [];
  const onPercent = (value: string) => {
    setPercentText(value);
    if (/^\d{1,4}(\.\d{1,2})?$/.test(value)) localStorage.setItem(ALERT_KEY, value);
  };
  const write = () => report.mutate({ email, instructions: instructions.trim() || undefined, alertPercent: percent, language: isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en' },
    { onError: (err) => flash(displayError(t, err), 'error') });

  return (
    <Box>
      <PageHeader title={t('energy.title')} description={t('energy.description')} actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>{t('energy.add')}</Button>} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <TextField label={t('energy.alertPercent')} value={percentText} onChange={(e) => onPercent(e.target.value)} sx={{ maxWidth: 360 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField select label={t('energy.kind')} value={shownKind} onChange={(e) => setKind(e.target.value as TEnergyKind)} sx={{ minWidth: 200 }} data-testid="energy-kind">
          {(kindsPresent.length ? kindsPresent : ENERGY_KINDS).map((k) => <MenuItem key={k} value={k}>{t(`energy.kinds.${k}`)}</MenuItem>)}
        </TextField>
      </Stack>
      {!months.isLoading && (data?.months.length ?? 0) === 0 ? (
        <Card><EmptyState Icon={BoltIcon} title={t('energy.emptyTitle')} body={t('energy.emptyBody')} action={<Button variant="contained" onClick={() => setAdding(true)}>{t('energy.add')}</Button>} /></Card>
      ) : (
        <>
          <Box sx={{ mb: 3 }} data-testid="energy-alerts">
            {alerts.length ? alerts.map((m) => <Alert key={m.month} severity="warning" sx={{ mb: 1 }}>{t('energy.alert', { change: m.costPerUnitChangePercent, month: m.month, limit: percent })}</Alert>)
              : <Alert severity="success">{t('energy.noAlert', { limit: percent })}</Alert>}
          </Box>
          <Grid container spacing={3} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Card><CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{`${t('energy.monthChart')} (${t(`energy.kinds.${shownKind}`)})`}</Typography>
                <EnergyBars title={t('energy.monthChart')} data={(data?.months ?? []).map((m) => ({ label: m.month, value: m.costPerUnitMinor / 100, display: money(m.costPerUnitMinor), isAlert: m.isAlert }))} />
              </CardContent></Card>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Card><CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{`${t('energy.quantityChart')} (${unit})`}</Typography>
                <EnergyBars title={t('energy.quantityChart')} data={(data?.months ?? []).map((m) => ({ label: m.month, value: m.totalQuantity, display: `${m.totalQuantity.toLocaleString(i18n.language)} ${unit}` }))} />
              </CardContent></Card>
            </Grid>
            <Grid size={{ xs: 12 }}>
              <Card><CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('energy.projectChart')}</Typography>
                <EnergyBars title={t('energy.projectChart')} data={(data?.byProject ?? []).map((p) => ({ label: p.tagName, value: p.totalExpensesMinor / 100, display: money(p.totalExpensesMinor) }))} />
              </CardContent></Card>
            </Grid>
          </Grid>
          <Card><CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('energy.reportTitle')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField label={t('energy.instructions')} value={instructions} onChange={(e) => setInstructions(e.target.value)} fullWidth />
              <Button variant="outlined" onClick={write} loading={report.isPending} sx={{ flexShrink: 0 }}>{t('energy.report')}</Button>
            </Stack>
            {report.data?.data ? <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }} data-testid="energy-report">{report.data.data.report}</Typography> : null}
          </CardContent></Card>
        </>
      )}
      <EnergyEntryDialog open={adding} email={email} businessName={user.businessName} onClose={() => setAdding(false)} />
    </Box>
  );
};
