import { hasRole, type TAuth } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/errors.ts';

/** Pay figures are for the owner and Accounts-access (and an employee's own record in the portal); HR-access alone sees none. */
export const canSeePay = (auth: TAuth | null) => auth?.kind === 'portal' || (auth?.kind === 'user' && hasRole(auth, 'Accounts-access'));

/** The record as this caller may see it: pay fields emptied for a caller without a pay role. */
export const withoutPay = <T>(auth: TAuth | null, data: T): T => {
  if (canSeePay(auth)) return data;
  if (Array.isArray(data)) return data.map((e) => withoutPay(auth, e)) as T;
  return data && typeof data === 'object' && 'grossIncome' in data ? { ...data, grossIncome: null, grossIncomeMinor: null } : data;
};

/** Setting pay needs a pay role too. */
export const assertMaySetPay = (auth: TAuth | null, input: { grossIncome?: unknown }) => {
  if (input.grossIncome !== undefined && !canSeePay(auth)) throw forbidden('Only the owner or a user with Accounts-access can set pay (grossIncome)').as('payOnlyAccounts');
};
