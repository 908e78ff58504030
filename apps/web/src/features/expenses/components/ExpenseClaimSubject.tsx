import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TExpenseClaim } from '@bizdesk/contract';
import { Money } from '../../../shared/ui/Money.tsx';
import { ClaimLines, ClaimOutcome, ClaimStatusChip } from './ClaimList.tsx';

/** An expense claim as its approver reads it in the inbox: who, the total, each line and its receipt. */
export const ExpenseClaimSubject = ({ claim }: { claim: TExpenseClaim }) => {
  const { t } = useTranslation('expenses');
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">{claim.number} · {claim.title}</Typography>
        <ClaimStatusChip status={claim.status} />
      </Stack>
      <Typography variant="body2">{t('fields.employee')}: {claim.employeeName} ({claim.employeeNumber})</Typography>
      <Typography variant="body2">{t('fields.total')}: <Money minor={claim.totalMinor} currency={claim.currency} /></Typography>
      <ClaimLines claim={claim} scope={{ kind: 'self' }} />
      <ClaimOutcome claim={claim} />
    </Stack>
  );
};
