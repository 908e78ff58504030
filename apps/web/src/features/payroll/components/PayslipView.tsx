import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayBreakdown } from '@bizdesk/payroll';
import type { TPayslip } from '@bizdesk/contract';
import { formatMinor } from '../../../shared/format/money.ts';
import { Money } from '../../../shared/ui/Money.tsx';

const Row = ({ label, value, strong = false, indent = 0, testId }: { label: string; value: string; strong?: boolean; indent?: number; testId?: string }) => (
  <TableRow>
    <TableCell sx={{ pl: 2 + indent * 2, fontWeight: strong ? 700 : 400, border: 0, py: 0.5 }}>{label}</TableCell>
    <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400, border: 0, py: 0.5, whiteSpace: 'nowrap' }} data-testid={testId}>{value}</TableCell>
  </TableRow>
);

/**
 * On a phone the names wrap and each figure keeps its own width on one line (the amount column is as wide as its
 * widest figure, the names take the rest), so an amount is never broken or pushed out of the card.
 */
const NAME_CELL = { border: 0, py: 0.5, pl: 2, overflowWrap: 'anywhere' } as const;
const FIGURE_CELL = { border: 0, py: 0.5, width: '1%', whiteSpace: 'nowrap', '& .bd-money': { whiteSpace: 'nowrap', overflowWrap: 'normal' } } as const;

/**
 * "Paid by your employer": this month's employer contributions and their total, from the stored payslip model,
 * set apart from the net-pay sum above (nothing here is deducted from pay).
 */
export const EmployerSection = ({ slip, country }: { slip: TPayslip; country: string | null }) => {
  const { t } = useTranslation('pay');
  const employer = slip.employer;
  if (!employer || employer.items.length === 0) return null;
  const nameOf = (kind: string, name: string) => {
    const key = kind === 'pension' && country === 'GH' ? 'pensionGH' : kind;
    return ['pension', 'pensionGH', 'nsitf', 'itf', 'tier3'].includes(key) ? t(`payslip.employerKinds.${key}`) : name;
  };
  return (
    <Box component="section" aria-labelledby="payslip-employer-title" data-testid="payslip-employer" sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, bgcolor: 'grey.50', borderRadius: 1, border: 1, borderColor: 'divider' }}>
      <Typography id="payslip-employer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{t('payslip.employerSection')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('payslip.employerNote')}</Typography>
      <Table size="small" aria-labelledby="payslip-employer-title">
        <TableBody>
          {employer.items.map((c) => (
            <TableRow key={c.kind}>
              <TableCell sx={NAME_CELL}>{nameOf(c.kind, c.name)}</TableCell>
              <TableCell align="right" sx={FIGURE_CELL} data-testid={`payslip-employer-${c.kind}`}><Money minor={c.amountMinor} currency={slip.currency} /></TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ ...NAME_CELL, fontWeight: 700 }}>{t('payslip.employerTotal')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }} data-testid="payslip-employer-total"><Money minor={employer.totalMinor} currency={slip.currency} /></TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
};

/** A payslip as stored: the month's figures and the engine's breakdown (minor units), printable. */
export const PayslipView = ({ slip }: { slip: TPayslip }) => {
  const { t, i18n } = useTranslation('pay');
  const money = (minor: number) => formatMinor(minor, slip.currency, i18n.language);
  const o = slip.outputs;
  const b = slip.breakdown as PayBreakdown;
  const bd = (b.periodDeductions ?? []) as PayBreakdown['periodDeductions'];
  const loan = bd.find((d) => d.code === 'loan-repayment')?.amount ?? 0;
  const iou = bd.find((d) => d.code === 'iou')?.amount ?? 0;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', mb: 2 }} spacing={1}>
        <Box>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>{slip.businessName}</Typography>
          <Typography variant="h6" component="h1">{t('payslip.for', { month: slip.month })}</Typography>
          {slip.status === 'draft' ? <Typography color="warning.main">{t('payslip.draft')}</Typography> : null}
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography sx={{ fontWeight: 600 }}>{slip.employee.name}</Typography>
          <Typography variant="body2" color="text.secondary">{slip.employee.employeeNumber}{slip.employee.department ? ` · ${slip.employee.department}` : ''}</Typography>
          {slip.employee.accountNumber ? <Typography variant="body2" color="text.secondary">{t('payslip.paidTo', { account: [slip.employee.bankName, slip.employee.accountNumber].filter(Boolean).join(' ') })}</Typography> : null}
        </Box>
      </Stack>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 2 }}>{t('payslip.thisMonth')}</Typography>
      <Table size="small" aria-label={t('payslip.thisMonth')}>
        <TableBody>
          <Row label={t('payslip.gross')} value={money(o.monthlySalary)} />
          {b.oneOff.allowance ? <Row label={t('payslip.allowance')} value={money(b.oneOff.allowance)} /> : null}
          {b.oneOff.overtime ? <Row label={t('payslip.overtime')} value={money(b.oneOff.overtime)} /> : null}
          <Row label={t('payslip.tax')} value={`− ${money(o.monthlyTaxPayable + b.oneOff.tax)}`} />
          {slip.pensionMinor ? <Row label={t('payslip.pension')} value={`− ${money(slip.pensionMinor)}`} /> : null}
          {slip.otherDeductionsMinor ? <Row label={t('payslip.otherDeductions')} value={`− ${money(slip.otherDeductionsMinor)}`} /> : null}
          {loan ? <Row label={t('payslip.loan')} value={`− ${money(loan)}`} /> : null}
          {iou ? <Row label={t('payslip.iou')} value={`− ${money(iou)}`} /> : null}
          <Row label={t('payslip.net')} value={money(slip.netMinor)} strong testId="payslip-net" />
        </TableBody>
      </Table>
      <EmployerSection slip={slip} country={b.regime.country} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('payslip.howTax', { regime: `${b.regime.name}, ${b.basis === 'annual' ? t('payslip.basisAnnual') : t('payslip.basisMonthly')}` })}
      </Typography>
      <Table size="small" aria-label={t('payslip.howTax', { regime: b.regime.name })}>
        <TableBody>
          <Row label={t('payslip.gross')} value={money(b.grossIncome)} />
          {b.split.map((s) => <Row key={s.code} label={`${s.name} (${s.rate}%)`} value={money(s.amount)} indent={1} />)}
          {b.deductions.map((d) => <Row key={d.code} label={d.legalName} value={`− ${money(d.amount)}`} />)}
          {b.reliefs.map((d) => <Row key={d.code} label={d.legalName} value={`− ${money(d.amount)}`} />)}
          <Row label={t('payslip.taxable')} value={money(b.taxableIncome)} strong />
          {b.bands.map((band, i) => <Row key={i} label={t('payslip.bandLine', { rate: band.rate, slice: money(band.taxableSlice) })} value={money(band.tax)} indent={1} />)}
          {b.isMinimumTaxApplied ? <Row label={t('payslip.minimumTax')} value={money(b.minimumTax ?? 0)} /> : null}
          {b.isMinimumWageExempt ? <Row label={t('payslip.exempt')} value="" /> : null}
          <Row label={t('payslip.taxTotal')} value={money(b.tax)} strong />
        </TableBody>
      </Table>
    </Box>
  );
};
