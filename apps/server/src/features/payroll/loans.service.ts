import { MSG, PAY_MSG, type TLoan } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { minorText } from './pay-input.ts';
import { assertMonthOpen, getEmployeeOr404, toLoan } from './pay-settings.service.ts';
import * as repo from './payroll.repo.ts';

type TLoanDetail = { principal?: string | number; monthlyRepayment?: string | number; startMonth?: string; note?: string | null };

export const createLoansService = (deps: TDeps) => {
  const { db } = deps;

  const getLoanOr404 = async (tx: Parameters<typeof repo.getLoan>[0], businessId: string, loanId: string) => {
    const loan = await repo.getLoan(tx, businessId, loanId, { lock: true });
    if (!loan) throw notFound('Loan');
    return loan;
  };

  const reload = async (tx: Parameters<typeof repo.getLoan>[0], businessId: string, loanId: string): Promise<TLoan> => toLoan((await repo.getLoan(tx, businessId, loanId))!);

  return {
    add: async (auth: TUserAuth, input: { employeeId: string; loanDetail: Required<Omit<TLoanDetail, 'note'>> & { note?: string | null } }) => {
      const principal = majorToMinor(input.loanDetail.principal, 'loanDetail.principal', { isPositive: true });
      const monthly = majorToMinor(input.loanDetail.monthlyRepayment, 'loanDetail.monthlyRepayment', { isPositive: true });
      if (monthly > principal) throw badRequest(`loanDetail.monthlyRepayment: ${minorText(monthly)} is more than the principal ${minorText(principal)}`).as('repaymentOverPrincipal', { monthly: minorText(monthly), principal: minorText(principal) });
      return db.transaction(async (tx) => {
        await getEmployeeOr404(tx, auth.businessId, input.employeeId);
        const { id } = await repo.insertLoan(tx, { businessId: auth.businessId, employeeId: input.employeeId, principal, monthlyRepayment: monthly, startMonth: input.loanDetail.startMonth, note: input.loanDetail.note ?? null });
        await repo.bumpDraftRunsOf(tx, auth.businessId, input.employeeId);
        const loan = await reload(tx, auth.businessId, id);
        await audit(tx, auth, 'pay.loan-added', { entity: 'loan', entityId: id, after: loan });
        return loan;
      });
    },

    /** Changes the terms of an active loan; the principal cannot drop below what has been repaid. */
    update: async (auth: TUserAuth, input: { loanId: string; loanDetail: TLoanDetail }) => db.transaction(async (tx) => {
      const loan = await getLoanOr404(tx, auth.businessId, input.loanId);
      if (loan.status !== 'active') throw conflict(`This loan is ${loan.status}; it can no longer change`).as(`loanClosed.${loan.status}`);
      const repaid = Number(loan.principal) - Number(loan.balance);
      const principal = input.loanDetail.principal === undefined ? Number(loan.principal) : majorToMinor(input.loanDetail.principal, 'loanDetail.principal', { isPositive: true });
      if (principal < repaid) throw badRequest(`loanDetail.principal: ${minorText(principal)} is less than the ${minorText(repaid)} already repaid`).as('principalUnderRepaid', { principal: minorText(principal), repaid: minorText(repaid) });
      const monthly = input.loanDetail.monthlyRepayment === undefined ? Number(loan.monthly_repayment) : majorToMinor(input.loanDetail.monthlyRepayment, 'loanDetail.monthlyRepayment', { isPositive: true });
      if (monthly > principal - repaid) throw badRequest(`loanDetail.monthlyRepayment: ${minorText(monthly)} is more than the balance ${minorText(principal - repaid)}`).as('repaymentOverBalance', { monthly: minorText(monthly), balance: minorText(principal - repaid) });
      const before = toLoan(loan);
      await repo.updateLoan(tx, auth.businessId, loan.id, {
        principal, monthly_repayment: monthly, start_month: input.loanDetail.startMonth, note: input.loanDetail.note, balance: principal - repaid,
      });
      await repo.bumpDraftRunsOf(tx, auth.businessId, loan.employee_id);
      const after = await reload(tx, auth.businessId, loan.id);
      await audit(tx, auth, 'pay.loan-updated', { entity: 'loan', entityId: loan.id, before, after });
      return after;
    }),

    /** update-repayment: this month only; above the balance is refused. Without loanId, the employee's oldest active loan. */
    updateRepayment: async (auth: TUserAuth, input: { selectedMonth: string; employeeId: string; newRepaymentAmount: string | number; loanId?: string }) => {
      const amount = majorToMinor(input.newRepaymentAmount, 'newRepaymentAmount');
      try {
        return await db.transaction(async (tx) => {
          await getEmployeeOr404(tx, auth.businessId, input.employeeId);
          await assertMonthOpen(tx, auth.businessId, input.selectedMonth);
          const active = await repo.findActiveLoans(tx, auth.businessId, input.employeeId);
          const loan = input.loanId ? active.find((l) => l.id === input.loanId) : active[0];
          if (!loan) throw input.loanId ? notFound('Loan') : badRequest('employeeId: this employee has no active loan').as('noActiveLoan');
          if (amount > Number(loan.balance)) throw badRequest(`newRepaymentAmount: ${minorText(amount)} is more than the loan's balance of ${minorText(Number(loan.balance))}`).as('repaymentOverLoanBalance', { amount: minorText(amount), balance: minorText(Number(loan.balance)) });
          await repo.setRepaymentOverride(tx, auth.businessId, loan.id, input.selectedMonth, amount);
          await repo.bumpDraftRunsOf(tx, auth.businessId, input.employeeId);
          await audit(tx, auth, 'pay.repayment-updated', { entity: 'loan', entityId: loan.id, after: { month: input.selectedMonth, amount: minorText(amount) } });
          return reload(tx, auth.businessId, loan.id);
        });
      } catch (err) {
        // The spec's fallback text leads; the reason follows so the user knows what to fix.
        if (err instanceof AppError && err.status < 500) throw new AppError(err.code, `${MSG.updateRepaymentFailed}: ${err.message}`, err.status);
        throw err;
      }
    },

    /** loan-off: settle (paid outside payroll) or write off the balance; audited with the amount. */
    loanOff: async (auth: TUserAuth, input: { loanId: string; action: 'settle' | 'write-off'; note?: string | null }) => db.transaction(async (tx) => {
      const loan = await getLoanOr404(tx, auth.businessId, input.loanId);
      if (loan.status !== 'active') throw conflict(`This loan is already ${loan.status}`).as(`loanAlready.${loan.status}`);
      const before = toLoan(loan);
      await repo.updateLoan(tx, auth.businessId, loan.id, { balance: 0, status: input.action === 'settle' ? 'settled' : 'written-off' });
      await repo.bumpDraftRunsOf(tx, auth.businessId, loan.employee_id);
      const after = await reload(tx, auth.businessId, loan.id);
      await audit(tx, auth, `pay.loan-${input.action}`, { entity: 'loan', entityId: loan.id, before, after: { ...after, closedBalance: minorText(Number(loan.balance)), note: input.note ?? null } });
      return { loan: after, message: input.action === 'settle' ? PAY_MSG.loanSettled : PAY_MSG.loanWrittenOff };
    }),

    list: async (auth: TUserAuth, employeeId: string) => {
      await getEmployeeOr404(db, auth.businessId, employeeId);
      return (await repo.findLoans(db, auth.businessId, employeeId)).map(toLoan);
    },
  };
};
export type TLoansService = ReturnType<typeof createLoansService>;
