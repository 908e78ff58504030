import { findBank, type TBank, type TBankFileLayout } from '@bizdesk/contract';
import { writeCsv, writeXlsx } from '../employees/spreadsheet.ts';
import { payableAccountProblem } from './bank-accounts.ts';
import { minorText } from './pay-input.ts';

/**
 * The approved run's bank payment file, in the layouts the banks take (issue 32 item 5). The banks' own templates sit
 * behind their corporate portals; these are the field sets their bulk uploads share (decisions k3):
 * - `ng-nibss`: NIBSS NEFT/NIP bulk schedule — serial, beneficiary, account (NUBAN), the 6-digit NIBSS institution code,
 *   amount, narration, debit account, payment reference.
 * - `ng-bank-bulk`: the bulk-upload template of the Nigerian banks' corporate internet banking (GTBank, Access, Zenith…):
 *   beneficiary, account, the 3-digit CBN bank code (the NIBSS code for institutions without one), amount, narration.
 * - `gh-ach`: GhIPSS ACH direct credit — beneficiary, account, the Bank of Ghana bank code, amount, narration, reference.
 * Upload files hold payment rows only (a totals row would be read as a payment). A line that cannot be paid (no account,
 * no bank, a bank not on the list, an account that fails the NUBAN check, nothing to pay) is never written with a blank:
 * it is left out and listed in `refused`, which the API returns by the check call and the X-Bank-File-Refused header.
 */
export type TBankLine = { employee_number: string; name: string; account_name: string | null; account_number: string | null; bank_code: string | null; bank_name: string | null; net: string | number };
export type TRefusedLine = { employeeNumber: string; name: string; reason: string };

type TLayout = { header: string[]; row: (l: TBankLine, bank: TBank | undefined, ctx: { n: number; month: string; kind: string; debitAccount: string; amount: string; reference: string }) => string[] };

/** What the payment is (issue 32: an off-cycle run's payments must not look like the month's salary, or a bank's duplicate check refuses them). */
const PAYMENT_KINDS: Record<string, { prefix: string; text: string }> = {
  regular: { prefix: 'SAL', text: 'Salary' }, bonus: { prefix: 'BON', text: 'Bonus' }, 'thirteenth-month': { prefix: 'THM', text: '13th month' }, correction: { prefix: 'COR', text: 'Pay correction' },
};
const paymentKind = (kind: string) => PAYMENT_KINDS[kind] ?? PAYMENT_KINDS.regular!;
const narration = (month: string, kind = 'regular') => `${paymentKind(kind).text} ${month}`;

export const LAYOUTS: Record<TBankFileLayout, TLayout> = {
  'ng-nibss': {
    header: ['S/N', 'Beneficiary Name', 'Beneficiary Account Number', 'Beneficiary Bank Code', 'Amount', 'Narration', 'Debit Account', 'Payment Reference'],
    row: (l, bank, c) => [String(c.n), l.account_name ?? l.name, l.account_number!, bank?.nibssCode ?? l.bank_code!, c.amount, narration(c.month, c.kind), c.debitAccount, c.reference],
  },
  'ng-bank-bulk': {
    header: ['Beneficiary Name', 'Account Number', 'Bank Code', 'Amount', 'Narration'],
    row: (l, bank, c) => [l.account_name ?? l.name, l.account_number!, bank?.code ?? l.bank_code!, c.amount, narration(c.month, c.kind)],
  },
  'gh-ach': {
    header: ['Beneficiary Name', 'Account Number', 'Bank Code', 'Amount', 'Narration', 'Reference'],
    row: (l, bank, c) => [l.account_name ?? l.name, l.account_number!, bank?.code ?? l.bank_code!, c.amount, narration(c.month, c.kind), c.reference],
  },
};

export const defaultLayout = (country: string): TBankFileLayout => (country === 'GH' ? 'gh-ach' : 'ng-nibss');

/** The layout's rows for the payable lines, and the lines refused with the reason (in the file's order). */
export const bankFileRows = (country: string, layout: TBankFileLayout, month: string, lines: TBankLine[], debitAccount = '', kind = 'regular') => {
  const rows: string[][] = [];
  const refused: TRefusedLine[] = [];
  let totalMinor = 0;
  for (const l of lines) {
    const net = Number(l.net);
    const problem = net <= 0 ? 'nothing to pay' : payableAccountProblem(country, l);
    if (problem) {
      refused.push({ employeeNumber: l.employee_number, name: l.name, reason: problem });
      continue;
    }
    totalMinor += net;
    const bank = findBank(country, l.bank_code ?? l.bank_name);
    rows.push(LAYOUTS[layout].row(l, bank, { n: rows.length + 1, month, kind, debitAccount, amount: minorText(net), reference: `${paymentKind(kind).prefix}${month.replace('-', '')}${l.employee_number}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 30) }));
  }
  return { header: LAYOUTS[layout].header, rows, refused, totalMinor };
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const writeBankFile = async (format: 'csv' | 'xlsx', layout: TBankFileLayout, month: string, header: string[], rows: string[][], kind = 'regular') => {
  const fileName = `bank-payments-${layout}-${month}${kind === 'regular' ? '' : `-${kind}`}`;
  return format === 'csv'
    ? { body: writeCsv(header, rows), mime: 'text/csv; charset=utf-8', fileName: `${fileName}.csv` }
    : { body: await writeXlsx('Bank payments', header, rows), mime: XLSX, fileName: `${fileName}.xlsx` };
};
