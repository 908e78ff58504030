import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRORATION_BASES, type TPayRulesInput } from '@bizdesk/contract';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { usePayRules, useSavePayRules } from '../payRulesApi.ts';

/**
 * The business's rules for the month's events (issue 32), on the Wages screen: a part month (a joiner, a leaver, unpaid
 * days) paid by calendar or working days, a leaver's unused leave paid out, absences unpaid. Accounts reads them; the
 * owner changes them, each change saved at once.
 */
export const PayRulesCard = () => {
  const { t } = useTranslation('pay');
  const rules = usePayRules();
  const save = useSavePayRules();
  if (!rules.data) return null;
  const { canEdit } = rules.data;
  const change = (patch: TPayRulesInput) =>
    save.mutate(patch, { onSuccess: () => flash(t('payRules.saved'), 'success'), onError: (error) => flash(displayError(t, error), 'error') });

  return (
    <Card data-testid="pay-rules">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('payRules.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {canEdit ? t('payRules.body') : t('payRules.ownerOnly')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField select size="small" label={t('payRules.basis')} value={rules.data.prorationBasis} disabled={!canEdit || save.isPending}
            onChange={(e) => change({ prorationBasis: e.target.value as TPayRulesInput['prorationBasis'] })} sx={{ minWidth: 220 }} data-testid="pay-rules-basis">
            {PRORATION_BASES.map((b) => (
              <MenuItem key={b} value={b}>
                {t(`payRules.bases.${b}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={rules.data.paysOutLeave} disabled={!canEdit || save.isPending} onChange={(e) => change({ paysOutLeave: e.target.checked })} />} label={t('payRules.paysOutLeave')} />
          <FormControlLabel control={<Switch checked={rules.data.unpaidAbsences} disabled={!canEdit || save.isPending} onChange={(e) => change({ unpaidAbsences: e.target.checked })} />} label={t('payRules.unpaidAbsences')} />
        </Stack>
      </CardContent>
    </Card>
  );
};
