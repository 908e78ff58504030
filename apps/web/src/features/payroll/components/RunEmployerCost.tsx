import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import ShieldIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import AddCardIcon from '@mui/icons-material/AddCardOutlined';
import type { TRun } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { displayLocale } from '../../../shared/format/dates.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import type { TIconComponent } from '../../../shared/ui/icons/iconTypes.ts';

type TKind = 'pension' | 'nsitf' | 'itf' | 'tier3';
/** The employer contributions each country's run shows, even at 0 (an ITF of 0 says why); elsewhere those above 0. */
const KINDS_BY_COUNTRY: Record<string, TKind[]> = { NG: ['pension', 'nsitf', 'itf'], GH: ['pension', 'tier3'] };
const ICONS: Record<TKind, TIconComponent> = { pension: SavingsIcon, nsitf: ShieldIcon, itf: SchoolIcon, tier3: SavingsIcon };
const FIELD: Record<TKind, keyof TRun['totals']['employerByKind']> = { pension: 'pensionMinor', nsitf: 'nsitfMinor', itf: 'itfMinor', tier3: 'tier3Minor' };

/**
 * The run's employer contributions by kind (Nigeria: pension, NSITF, ITF; Ghana: SSNIT's employer 13%, tier 3),
 * their total, and the run's cost to the employer (gross pay with allowances and overtime + employer contributions).
 */
export const RunEmployerCost = ({ totals, country, currency }: { totals: TRun['totals']; country: string; currency: string | null }) => {
  const { t, i18n } = useTranslation('pay');
  const byKind = totals.employerByKind;
  const kinds = KINDS_BY_COUNTRY[country] ?? (Object.keys(FIELD) as TKind[]).filter((k) => byKind[FIELD[k]] > 0);
  const money = (minor: number) => <Money compact minor={minor} currency={currency} />;
  const label = (kind: TKind) => t(`salary.employer.${kind === 'pension' && country === 'GH' ? 'pensionGH' : kind}`);
  return (
    <Box component="section" aria-labelledby="run-employer-title" sx={{ mb: 3 }} data-testid="run-employer">
      <Typography id="run-employer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>{t('salary.employer.title')}</Typography>
      <Grid container spacing={2}>
        {kinds.map((kind) => (
          <Grid key={kind} size={{ xs: 12, sm: 6, md: 2.4 }}>
            <Box data-testid={`run-employer-${kind}`} sx={{ height: 1 }}>
              <StatCard label={label(kind)} value={money(byKind[FIELD[kind]])} Icon={ICONS[kind]} color="#7c3aed"
                caption={kind === 'itf' && byKind.itfMinor === 0 ? t('salary.employer.itfNone') : undefined} />
            </Box>
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <Box data-testid="run-employer-total" sx={{ height: 1 }}><StatCard label={t('salary.employer.total')} value={money(totals.employerMinor)} Icon={AddCardIcon} color="#be185d" /></Box>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
          <Box data-testid="run-employer-cost" sx={{ height: 1 }}>
            <StatCard label={t('salary.employer.cost')} value={money(totals.employerCostMinor)} Icon={BusinessIcon} color="#0f766e"
              caption={t('salary.employer.costCaption', { gross: formatMinor(totals.grossPayMinor, currency, displayLocale(i18n.language)) })} />
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
};
