import type { FastifyInstance } from 'fastify';
import { bearer, type TSession } from './test-app.ts';

export type TPayrollSeed = { month: string; runId: string; lineId: string; loanId: string };

const must = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`seed payroll ${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body).data;
};

/** A computed draft run of one month holding the seeded employee, and a loan of theirs. */
export const seedPayroll = async (app: FastifyInstance, owner: TSession, employeeId: string): Promise<TPayrollSeed> => {
  const h = bearer(owner.token);
  const month = '2026-05';
  must(await app.inject({ method: 'PUT', url: `/api/v1/employee/payment-settings/${employeeId}`, headers: h, payload: { grossIncome: '3600000', payDay: 25 } }), 200, 'settings');
  const loan = must(await app.inject({ method: 'POST', url: '/api/v1/employee/add-loan', headers: h, payload: { employeeId, loanDetail: { principal: '50000', monthlyRepayment: '10000', startMonth: month } } }), 201, 'loan');
  const run = must(await app.inject({ method: 'POST', url: '/api/v1/employee/employeeBulkUpload', headers: h, payload: { selectedEmployeeIds: [employeeId], month } }), 200, 'members');
  must(await app.inject({ method: 'POST', url: `/api/v1/payroll/runs/${run._id}/compute`, headers: h }), 202, 'compute');
  for (let i = 0; i < 400; i++) {
    const lines = must(await app.inject({ method: 'GET', url: `/api/v1/payroll/runs/${run._id}/lines`, headers: h }), 200, 'lines');
    if (lines.length) return { month, runId: run._id, lineId: lines[0]._id, loanId: loan._id };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('seed payroll: the run was not computed');
};
