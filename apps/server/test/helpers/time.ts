import type { FastifyInstance } from 'fastify';
import { bearer, login, nextIp, type TSession } from './test-app.ts';

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export const dayIn = (timeZone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export const shiftDay = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A business in a given time zone and country, signed in as its owner. */
export const registerIn = async (app: FastifyInstance, opts: { timeZone: string; country?: string; name: string }): Promise<TSession> => {
  const email = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await app.inject({
    method: 'POST', url: '/api/v1/auth/register', remoteAddress: nextIp(),
    payload: { businessName: opts.name, userName: 'Owner Person', email, password: 'correct horse 1', country: opts.country ?? 'NG', timeZone: opts.timeZone },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return login(app, email, 'correct horse 1');
};

/** Calls of the time features for one session. */
export const timeApi = (app: FastifyInstance, token: string) => {
  const h = bearer(token);
  return {
    h,
    get: (url: string) => app.inject({ method: 'GET', url, headers: h }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers: h, payload }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers: h, payload }),
    mark: (date: string, employeeId: string, label: string) => app.inject({ method: 'GET', url: `/api/v1/employee/mark/${date}/${employeeId}/${label}`, headers: h }),
    markIn: (payload: object) => app.inject({ method: 'POST', url: '/api/v1/attendance/mark-in', headers: h, payload }),
    markOut: (payload: object) => app.inject({ method: 'POST', url: '/api/v1/attendance/mark-out', headers: h, payload }),
  };
};
