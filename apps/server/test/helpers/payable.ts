import type { FastifyInstance } from 'fastify';
import { bearer, nextIp, type TSession } from './test-app.ts';

/** A valid NUBAN for a 3-digit bank code and a serial (the CBN check digit: weights 3,7,3 over 000+code and the 9-digit serial). */
export const nuban = (bankCode: string, serial: number) => {
  const nine = String(serial).padStart(9, '0');
  const digits = `${bankCode.padStart(6, '0')}${nine}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * [3, 7, 3][i % 3];
  return `${nine}${(10 - (sum % 10)) % 10}`;
};

/**
 * Issue 32: a run is approved only when everyone on it has a payable account. Gives each employee a bank code and a
 * valid account (GTBank, 058, for Nigeria; a Ghanaian bank code and account otherwise). Call before computing the run.
 */
let serial = 100;
export const givePayableAccounts = async (app: FastifyInstance, owner: TSession, employeeIds: string[], country: 'NG' | 'GH' = 'NG') => {
  for (const id of employeeIds) {
    const i = serial++;
    const payload = country === 'NG'
      ? { bankName: 'GTBank', bankCode: '058', accountNumber: nuban('058', i) }
      : { bankName: 'GCB Bank', bankCode: '040', accountNumber: `1011${String(100000 + i)}` };
    const res = await app.inject({ method: 'PUT', url: `/api/v1/employee/payment-settings/${id}`, headers: bearer(owner.token), payload, remoteAddress: nextIp() });
    if (res.statusCode !== 200) throw new Error(`payable account for ${id}: ${res.statusCode} ${res.body}`);
  }
};

/** Every live employee of the owner's business (ids), to give them accounts in one call. */
export const employeeIdsOf = async (app: FastifyInstance, owner: TSession) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/payroll/settings?page=1&limit=100', headers: bearer(owner.token), remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`pay settings: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return (body.data as Array<{ employeeId: string }>).map((r) => r.employeeId);
};
