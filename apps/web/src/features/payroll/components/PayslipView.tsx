import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PayBreakdown } from '@bizdesk/payroll';
import type { TPayslip, TPayslipLine, TPayslipSection, TRunKind } from '@bizdesk/contract';
import { useRunTitle } from '../runTitle.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { Money } from '../../../shared/ui/Money.tsx';

const Row = ({ label, value, strong = false, indent = 0, testId }: { label: string; value: string; strong?: boolean; indent?: number; testId?: string }) => (
  <TableRow>
    <TableCell sx={{ pl: 2 + indent * 2, fontWeight: strong ? 700 : 400, border: 0, py: 0.5, overflowWrap: 'anywhere' }}>{label}</TableCell>
    <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400, border: 0, py: 0.5, whiteSpace: 'nowrap' }} data-testid={testId}>{value}</TableCell>
  </TableRow>
);

/**
 * On a phone the names wrap and each figure keeps its own width on one line (the amount column is as wide as its
 * widest figure, the names take the rest), so an amount is never broken or pushed out of the card.
 */
const NAME_CELL = { border: 0, py: 0.5, pl: 2, overflowWrap: 'anywhere' } as const;
/** On a phone two amount columns of ₦90,000,000.00 must fit beside the names: small type and narrow cell padding there only. */
const PHONE_TABLE = {
  '& td, & th': { fontSize: '0.875rem' },
  '@media (max-width: 599.95px)': { '& td, & th': { fontSize: '0.75rem', px: 0.5 } },
} as const;
const FIGURE_CELL = { border: 0, py: 0.5, width: '1%', whiteSpace: 'nowrap', '& .bd-money': { whiteSpace: 'nowrap', overflowWrap: 'normal' } } as const;

/**
 * "Paid by your employer": this month's employer contributions and their total (and the year to date), from the
 * payslip model, set apart from the net-pay sum above (nothing here is deducted from pay).
 */
export const EmployerSection = ({ slip, country }: { slip: TPayslip; country: string | null }) => {
  const { t } = useTranslation('pay');
  const employer = slip.model.employer;
  if (employer.items.length === 0) return null;
  const nameOf = (kind: string, name: string) => {
    const key = kind === 'pension' && country === 'GH' ? 'pensionGH' : kind;
    return ['pension', 'pensionGH', 'nsitf', 'itf', 'tier3'].includes(key) ? t(`payslip.employerKinds.${key}`) : name;
  };
  return (
    <Box component="section" aria-labelledby="payslip-employer-title" data-testid="payslip-employer" sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, bgcolor: 'grey.50', borderRadius: 1, border: 1, borderColor: 'divider' }}>
      <Typography id="payslip-employer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{t('payslip.employerSection')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('payslip.employerNote')}</Typography>
      <Table size="small" aria-labelledby="payslip-employer-title" sx={PHONE_TABLE}>
        <TableHead>
          <TableRow>
            <TableCell sx={NAME_CELL}>{t('payslip.item')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }}>{t('payslip.thisMonth')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }}>{t('payslip.ytd')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {employer.items.map((c) => (
            <TableRow key={c.code}>
              <TableCell sx={NAME_CELL}>{nameOf(c.code, c.name)}</TableCell>
              <TableCell align="right" sx={FIGURE_CELL} data-testid={`payslip-employer-${c.code}`}><Money minor={c.amountMinor} currency={slip.currency} /></TableCell>
              <TableCell align="right" sx={FIGURE_CELL}><Money minor={c.ytdMinor} currency={slip.currency} /></TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ ...NAME_CELL, fontWeight: 700 }}>{t('payslip.employerTotal')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }} data-testid="payslip-employer-total"><Money minor={employer.totalMinor} currency={slip.currency} /></TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }}><Money minor={employer.ytdMinor} currency={slip.currency} /></TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
};

/** The codes a payslip line may carry that the web names in the reader's language; any other keeps the server's name. */
const LINE_KEYS: Record<string, string> = {
  salary: 'payslip.monthlySalary', 'salary:other': 'payslip.salaryOther', allowance: 'payslip.allowance', overtime: 'payslip.overtime', bonus: 'payslip.bonus',
  rounding: 'payslip.rounding', tax: 'payslip.tax', 'tax-one-off': 'payslip.taxOneOff', pension: 'payslip.pension', nhf: 'payslip.nhf', nhis: 'payslip.nhis',
  'statutory-other': 'payslip.otherDeductions', 'loan-repayment': 'payslip.loan', iou: 'payslip.iou',
};
const COMPONENTS = ['basic', 'housing', 'transport', 'entertainment', 'utility'];

const Figure = ({ minor, currency, isDeduction = false, testId }: { minor: number; currency: string; isDeduction?: boolean; testId?: string }) => (
  <TableCell align="right" sx={FIGURE_CELL} data-testid={testId}>
    {isDeduction ? '− ' : ''}<Money minor={minor} currency={currency} />
  </TableCell>
);

/**
 * Every line of the payslip model (this month and year to date): earnings, deductions, their totals and the net,
 * which they sum to. Names wrap on a phone; each figure stays whole on one line.
 */
const PayLines = ({ slip }: { slip: TPayslip }) => {
  const { t } = useTranslation('pay');
  const m = slip.model;
  const nameOf = (line: TPayslipLine) => {
    const component = line.code.startsWith('salary:') ? line.code.slice('salary:'.length) : null;
    if (component && COMPONENTS.includes(component)) return t(`payslip.components.${component}`);
    const key = LINE_KEYS[line.code];
    return key ? t(key) : line.name;
  };
  const heading = (label: string) => (
    <TableRow>
      <TableCell component="th" scope="colgroup" colSpan={3} sx={{ ...NAME_CELL, fontWeight: 700, pt: 1.5 }}>{label}</TableCell>
    </TableRow>
  );
  const rows = (section: TPayslipSection, isDeduction: boolean, group: string) => section.items.map((line) => (
    <TableRow key={`${group}-${line.code}`} data-testid={`payslip-line-${line.code}`}>
      <TableCell sx={{ ...NAME_CELL, pl: 3 }}>{nameOf(line)}</TableCell>
      <Figure minor={line.amountMinor} currency={slip.currency} isDeduction={isDeduction} />
      <Figure minor={line.ytdMinor} currency={slip.currency} isDeduction={isDeduction} />
    </TableRow>
  ));
  const strong = { ...NAME_CELL, fontWeight: 700 } as const;
  return (
    <>
      <Table size="small" aria-label={t('payslip.lines')} data-testid="payslip-lines" sx={PHONE_TABLE}>
        <TableHead>
          <TableRow>
            <TableCell sx={NAME_CELL}>{t('payslip.item')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }}>{t('payslip.thisMonth')}</TableCell>
            <TableCell align="right" sx={{ ...FIGURE_CELL, fontWeight: 700 }}>{t('payslip.ytd')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {heading(t('payslip.earnings'))}
          {rows(m.earnings, false, 'e')}
          <TableRow>
            <TableCell sx={strong}>{t('payslip.totalEarnings')}</TableCell>
            <Figure minor={m.earnings.totalMinor} currency={slip.currency} testId="payslip-earnings-total" />
            <Figure minor={m.earnings.ytdMinor} currency={slip.currency} />
          </TableRow>
          {heading(t('payslip.deductions'))}
          {rows(m.deductions, true, 'd')}
          <TableRow>
            <TableCell sx={strong}>{t('payslip.totalDeductions')}</TableCell>
            <Figure minor={m.deductions.totalMinor} currency={slip.currency} isDeduction testId="payslip-deductions-total" />
            <Figure minor={m.deductions.ytdMinor} currency={slip.currency} isDeduction />
          </TableRow>
          <TableRow sx={{ '& td': { fontWeight: 700, fontSize: '1rem', borderTop: 1, borderColor: 'divider' } }}>
            <TableCell sx={{ ...strong, borderTop: 1, borderColor: 'divider' }}>{t('payslip.net')}</TableCell>
            <Figure minor={m.net.amountMinor} currency={slip.currency} testId="payslip-net" />
            <Figure minor={m.net.ytdMinor} currency={slip.currency} testId="payslip-net-ytd" />
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('payslip.ytdRange', { from: m.ytdMonths[0] ?? m.month, to: m.month })}
      </Typography>
    </>
  );
};

/** A leaver's final settlement (issue 32): last day and reason, leave paid out, what is still owed. */
const Settlement = ({ slip }: { slip: TPayslip }) => {
  const { t, i18n } = useTranslation('pay');
  const s = slip.model.settlement;
  if (!s) return null;
  const money = (minor: number) => formatMinor(minor, slip.currency, i18n.language);
  const reason = s.reason ? t(`payslip.settlement.reasons.${s.reason}`, { defaultValue: s.reason }) : '—';
  return (
    <Box data-testid="payslip-settlement" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{t('payslip.settlement.title')}</Typography>
      <Typography variant="body2">{t('payslip.settlement.lastDay', { date: formatDate(`${s.lastDay}T12:00:00Z`, i18n.language), reason })}</Typography>
      {s.leavePayoutDays > 0 ? <Typography variant="body2">{t('payslip.settlement.leavePaidOut', { days: s.leavePayoutDays })}</Typography> : null}
      {s.outstandingLoansMinor > 0 ? <Typography variant="body2">{t('payslip.settlement.loansOwed', { amount: money(s.outstandingLoansMinor) })}</Typography> : null}
      {s.outstandingIouMinor > 0 ? <Typography variant="body2">{t('payslip.settlement.iouOwed', { amount: money(s.outstandingIouMinor) })}</Typography> : null}
    </Box>
  );
};

/** A payslip as stored: the payslip model's lines (this month and year to date), what the employer pays on top, and how the tax was reached. */
export const PayslipView = ({ slip }: { slip: TPayslip }) => {
  const { t, i18n } = useTranslation('pay');
  const runTitle = useRunTitle();
  const money = (minor: number) => formatMinor(minor, slip.currency, i18n.language);
  const b = slip.breakdown as PayBreakdown;
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', mb: 2 }} spacing={1}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {slip.model.logoPath ? (
            <Box component="img" src={slip.model.logoPath} alt={t('payslip.logo', { business: slip.businessName })} data-testid="payslip-logo" sx={{ maxHeight: 48, maxWidth: 120, objectFit: 'contain' }} />
          ) : null}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{slip.businessName}</Typography>
            <Typography variant="h6" component="h1">
              {slip.model.run && slip.model.run.kind !== 'regular'
                ? t('offCycle.payslipFor', { title: runTitle({ kind: slip.model.run.kind as TRunKind, label: slip.model.run.label, month: slip.month }) })
                : t('payslip.for', { month: slip.month })}
            </Typography>
            {slip.status === 'draft' ? <Typography color="warning.main">{t('payslip.draft')}</Typography> : null}
          </Box>
        </Stack>
        <Box sx={{ textAlign: { sm: 'right' }, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography sx={{ fontWeight: 600 }}>{slip.employee.name}</Typography>
          <Typography variant="body2" color="text.secondary">{slip.employee.employeeNumber}{slip.employee.department ? ` · ${slip.employee.department}` : ''}</Typography>
          {slip.employee.accountNumber ? <Typography variant="body2" color="text.secondary">{t('payslip.paidTo', { account: [slip.employee.bankName, slip.employee.accountNumber].filter(Boolean).join(' ') })}</Typography> : null}
        </Box>
      </Stack>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 2 }}>{t('payslip.lines')}</Typography>
      <PayLines slip={slip} />
      <Settlement slip={slip} />
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
