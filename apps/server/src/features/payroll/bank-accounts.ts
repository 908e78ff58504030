import { checkBankAccount, findBank } from '@bizdesk/contract';
import { badRequest } from '../../platform/errors.ts';

type TBankInput = { bankName?: string | null; bankCode?: string | null; accountNumber?: string | null };
type TBankStored = { bank_name: string | null; bank_code: string | null; account_number: string | null };

/**
 * The bank part of a pay settings change, checked against the list of the business's country's banks: a bank named by
 * code or by name is completed from the list (name and code stored as the list writes them); in Nigeria the account
 * must be a NUBAN of that bank. Only what changes is checked, so a stored value from before the list stays until edited.
 * Countries without a list keep the free text (the contract's digits rules only).
 */
export const bankPatch = (country: string, input: TBankInput, before: TBankStored | null) => {
  const patch: { bank_name?: string | null; bank_code?: string | null; account_number?: string | null } = {};
  if (input.bankName !== undefined) patch.bank_name = input.bankName?.trim() || null;
  if (input.bankCode !== undefined) patch.bank_code = input.bankCode?.trim() || null;
  if (input.accountNumber !== undefined) patch.account_number = input.accountNumber?.trim() || null;
  const isChanged = input.bankName !== undefined || input.bankCode !== undefined || input.accountNumber !== undefined;
  if (!isChanged || (country !== 'NG' && country !== 'GH')) return patch;
  const code = patch.bank_code !== undefined ? patch.bank_code : before?.bank_code ?? null;
  const name = patch.bank_name !== undefined ? patch.bank_name : before?.bank_name ?? null;
  const account = patch.account_number !== undefined ? patch.account_number : before?.account_number ?? null;
  // The code decides when given; a name alone is looked up. A changed name with an unchanged code follows the code.
  const byCode = input.bankCode !== undefined || (input.bankName === undefined && code) ? code : null;
  const bank = byCode ?? name;
  if (!bank) {
    if (account && country === 'NG') throw badRequest('bankCode: is required with a Nigerian account number').as('bankCodeNeeded');
    return patch;
  }
  const checked = checkBankAccount(country, bank, account);
  if (!checked.ok) throw badRequest(`${checked.field}: ${checked.reason}`).as(checked.key, checked.params);
  if (input.bankCode !== undefined || input.bankName !== undefined) {
    patch.bank_code = checked.bank.code;
    patch.bank_name = checked.bank.name;
  }
  return patch;
};

/** Whether a stored account can be paid: an account number, and for NG/GH a listed bank and (NG) a valid NUBAN. */
export const payableAccountProblem = (country: string, row: TBankStored): string | null => {
  if (!row.account_number) return 'no account number';
  if (country !== 'NG' && country !== 'GH') return null;
  const bank = row.bank_code ?? row.bank_name;
  if (!bank) return 'no bank';
  const checked = checkBankAccount(country, bank, row.account_number);
  return checked.ok ? null : checked.reason;
};

export { findBank };
