import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYROLL_APPROVAL_MODES, type TPayrollApprovalMode } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { usePayrollApprovalSetting, useSavePayrollApprovalSetting } from '../payroll-approval.api.ts';

/**
 * Issue 32: who approves payroll, a setting of the business beside its profile. The owner chooses between
 * maker-checker (someone else approves) and letting the owner approve their own runs, with a reason, while nobody else
 * holds Accounts-access and Approvals-access. Others read it.
 */
export const PayrollApprovalCard = () => {
  const { t } = useTranslation('app');
  const query = usePayrollApprovalSetting();
  const save = useSavePayrollApprovalSetting();
  const [choice, setChoice] = useState<TPayrollApprovalMode | null>(null);
  const s = query.data;
  const value = choice ?? s?.payrollApproval ?? 'maker-checker';
  return (
    <Card id="payroll-approval">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('payrollApproval.title')}</Typography>
        {query.isError ? <Alert severity="error">{displayError(t, query.error)}</Alert> : null}
        {query.isPending ? <Skeleton variant="rounded" height={120} /> : null}
        {s ? (
          <Stack spacing={1.5}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('payrollApproval.others', { count: s.otherApprovers })}</Typography>
            <FormControl disabled={!s.canEdit || save.isPending}>
              <FormLabel id="payroll-approval-label">{t('payrollApproval.question')}</FormLabel>
              <RadioGroup aria-labelledby="payroll-approval-label" value={value} onChange={(e) => setChoice(e.target.value as TPayrollApprovalMode)}>
                {PAYROLL_APPROVAL_MODES.map((m) => (
                  <FormControlLabel
                    key={m} value={m} control={<Radio />}
                    label={<><Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{t(`payrollApproval.modes.${m}.label`)}</Typography><Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>{t(`payrollApproval.modes.${m}.help`)}</Typography></>}
                    sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {s.canEdit ? (
              <div>
                <Button
                  variant="contained" size="small" disabled={value === s.payrollApproval} loading={save.isPending} data-testid="payroll-approval-save"
                  onClick={() => void save.mutateAsync({ payrollApproval: value }).then(() => setChoice(null), (e: unknown) => flash(displayError(t, e), 'error'))}
                >
                  {t('payrollApproval.save')}
                </Button>
              </div>
            ) : <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('payrollApproval.ownerOnly')}</Typography>}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
};
