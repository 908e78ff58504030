import { z } from 'zod';
import { ZId } from './common.ts';
import { ZPaySettingsInput } from './payroll.ts';

/**
 * Pay setup at the speed of a spreadsheet (issue 32 item 5): the Wages bulk edit, the pay details import/export
 * columns and the bank file layouts.
 */

/** One change for many employees: the listed ids, or every employee of the list (matching `search`) but the excluded ones. */
export const ZPaySettingsBulkInput = z.object({
  employeeIds: z.array(ZId).max(10_000, 'must list at most 10000 employees').optional(),
  selectAll: z.boolean({ message: 'must be true or false' }).optional(),
  search: z.string().trim().max(120, 'must be at most 120 characters').optional(),
  excludedIds: z.array(ZId).max(10_000, 'must list at most 10000 employees').optional(),
  settings: ZPaySettingsInput,
}).strict().refine((v) => v.selectAll === true || (v.employeeIds?.length ?? 0) > 0, { message: 'select at least one employee (employeeIds) or selectAll', path: ['employeeIds'] });
export type TPaySettingsBulkInput = z.infer<typeof ZPaySettingsBulkInput>;
export const ZPaySettingsBulkResult = z.object({ updated: z.number().int() });
export type TPaySettingsBulkResult = z.infer<typeof ZPaySettingsBulkResult>;

/** Bank file layouts: NIBSS NEFT/NIP bulk schedule (6-digit institution codes), the common Nigerian bank bulk-upload template (3-digit CBN codes), GhIPSS ACH (Ghana). */
export const BANK_FILE_LAYOUTS = ['ng-nibss', 'ng-bank-bulk', 'gh-ach'] as const;
export type TBankFileLayout = (typeof BANK_FILE_LAYOUTS)[number];
export const ZBankFileQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }).default('csv'),
  layout: z.enum(BANK_FILE_LAYOUTS, { message: `must be one of ${BANK_FILE_LAYOUTS.join(', ')}` }).optional(),
  /** The business's account the salaries are paid from (the "debit account" column); optional. */
  debitAccount: z.string().trim().regex(/^\d{6,20}$/, 'must be 6 to 20 digits').optional(),
});
export type TBankFileQuery = z.infer<typeof ZBankFileQuery>;

/**
 * Columns of the pay details sheet (import and export), by the header people write. The person is found by employee
 * number or e-mail; an empty cell leaves the stored value as it is.
 */
export const PAY_DETAILS_COLUMNS = [
  { key: 'employeeNumber', header: 'Employee number' },
  { key: 'email', header: 'Email' },
  { key: 'name', header: 'Name' },
  { key: 'grossIncome', header: 'Gross income' },
  { key: 'bank', header: 'Bank' },
  { key: 'bankCode', header: 'Bank code' },
  { key: 'accountNumber', header: 'Account number' },
  { key: 'accountName', header: 'Account name' },
  { key: 'payDay', header: 'Pay day' },
  /** The pay structure (grade) by name; "Default" puts the employee back on the business default (issue 32). */
  { key: 'structure', header: 'Structure' },
  { key: 'pensionFundAdministrator', header: 'PFA' },
  { key: 'rsaPin', header: 'RSA PIN' },
  { key: 'stateOfResidence', header: 'State' },
  { key: 'tin', header: 'TIN' },
  { key: 'nhf', header: 'NHF' },
  { key: 'nhfNumber', header: 'NHF number' },
  { key: 'region', header: 'Region' },
  { key: 'ghanaCardNumber', header: 'Ghana Card' },
  { key: 'ssnitNumber', header: 'SSNIT number' },
] as const;
export type TPayDetailsColumn = (typeof PAY_DETAILS_COLUMNS)[number]['key'];

/** The pay details import's own server texts (the web translates them under pay:import.server). */
export const PAY_DETAILS_MSG = {
  empty: 'The file has a header row but no pay details below it',
  nothingImported: 'Some rows have problems, so no pay details were imported. Fix them (or import the valid rows) and try again.',
} as const;

/** The pay details columns of a business's country (the other country's identifiers are left out). */
export const payDetailsColumns = (country: string) => PAY_DETAILS_COLUMNS.filter((c) => (country === 'GH'
  ? !['pensionFundAdministrator', 'rsaPin', 'stateOfResidence', 'nhf', 'nhfNumber'].includes(c.key)
  : !['region', 'ghanaCardNumber', 'ssnitNumber'].includes(c.key)));
