import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TLoan } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useLoanOff } from '../api.ts';

type TAction = 'settle' | 'write-off';
const STATUS_COLOR = { active: 'primary', repaid: 'success', settled: 'success', 'written-off': 'default' } as const;

/**
 * An employee's loans with their balance; an active one can be settled (paid outside payroll) or written off,
 * after a confirmation that names the balance. Either closes the loan: no more repayments come out of pay.
 */
export const LoansList = ({ loans, money }: { loans: TLoan[]; money: (minor: number) => string }) => {
  const { t } = useTranslation('pay');
  const loanOff = useLoanOff();
  const [pending, setPending] = useState<{ loan: TLoan; action: TAction } | null>(null);
  const [note, setNote] = useState('');

  const onConfirm = async () => {
    if (!pending) return;
    const { loan, action } = pending;
    try {
      await loanOff.mutateAsync({ loanId: loan._id, action, ...(note.trim() ? { note: note.trim() } : {}) });
      flash(t(action === 'settle' ? 'loans.settled' : 'loans.writtenOff', { balance: money(loan.balanceMinor) }), 'success');
      setPending(null);
    } catch (err) {
      flash(displayError(t, err), 'error');
    }
  };

  if (loans.length === 0) return <Typography variant="body2" color="text.secondary">{t('detail.noLoans')}</Typography>;
  const balance = pending ? money(pending.loan.balanceMinor) : '';
  return (
    <>
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="employee-loans">
        {loans.map((l) => (
          <Stack key={l._id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ py: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }} data-testid={`loan-${l._id}`}>
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2">{t('loans.summary', { principal: money(l.principalMinor), monthly: money(l.monthlyRepaymentMinor), month: l.startMonth })}</Typography>
                <Chip size="small" variant="outlined" color={STATUS_COLOR[l.status]} label={t(`loans.status.${l.status}`)} data-testid="loan-status" />
              </Stack>
              <Typography variant="body2" color="text.secondary">{t('wages.balance')}: {money(l.balanceMinor)}</Typography>
            </Box>
            {l.status === 'active' ? (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="outlined" onClick={() => { setNote(''); setPending({ loan: l, action: 'settle' }); }}>{t('wages.settle')}</Button>
                <Button size="small" variant="outlined" color="error" onClick={() => { setNote(''); setPending({ loan: l, action: 'write-off' }); }}>{t('wages.writeOff')}</Button>
              </Stack>
            ) : null}
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'write-off' ? t('loans.writeOffTitle') : t('loans.settleTitle')}
        body={(
          <Stack spacing={2}>
            <span data-testid="loan-off-body">{pending?.action === 'write-off' ? t('loans.writeOffBody', { balance }) : t('loans.settleBody', { balance })}</span>
            <TextField label={t('fields.note')} value={note} onChange={(e) => setNote(e.target.value)} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Stack>
        )}
        confirmLabel={pending?.action === 'write-off' ? t('loans.writeOffConfirm', { balance }) : t('loans.settleConfirm', { balance })}
        destructive={pending?.action === 'write-off'}
        busy={loanOff.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
};
