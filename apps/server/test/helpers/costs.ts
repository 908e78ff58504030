import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer, type TSession } from './test-app.ts';

/** Calls of the costs feature as one business's owner. */
export const costsApi = (app: FastifyInstance, s: TSession) => {
  const h = bearer(s.token);
  const email = s.user.email;
  const call = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...h, ...(opts.headers ?? {}) } });
  return {
    h, email, call,
    addRecords: (tagName: string, records: unknown[], extra: Record<string, unknown> = {}) =>
      call({ method: 'POST', url: '/api/v1/cost/overhead-cost', payload: { email, employeeName: 'Bola Ade', tagName, records, ...extra } }),
    list: (path: string) => call({ method: 'GET', url: path }),
    payment: (tagName: string, amount: unknown, date = '2026-02-01') => call({ method: 'POST', url: '/api/v1/cost/add-payment', payload: { email, tagName, newPaymentEntry: { amount, date } } }),
  };
};

export const costRow = (n: number, extra: Record<string, unknown> = {}) => ({
  description: `Item ${n}`, category: n % 2 ? 'Fuel' : 'Labour', amount: `${1000 + n}.25`, date: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`, ...extra,
});
