import type { FastifyInstance } from 'fastify';
import type { TRole } from '@bizdesk/contract';
import type { TUserAuth } from '../../src/platform/auth/guard.ts';
import { bearer, login, type TSession } from './test-app.ts';

let counter = 0;

/** A staff user of the session's business with these roles, signed in. */
export const staffUser = async (app: FastifyInstance, owner: TSession, name: string, roles: TRole[]): Promise<TSession & { userName: string; roles: TRole[] }> => {
  counter += 1;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${counter}@${owner.user.email.split('@')[1]}`;
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: name, email, password: 'staff pass 12', roles } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { ...(await login(app, email, 'staff pass 12')), userName: name, roles };
};

/** The principal a service call needs, for tests that call a service directly (as another feature would). */
export const authOf = (s: TSession, userName: string, roles: TRole[]): TUserAuth => ({
  kind: 'user', businessId: s.user.businessId, businessName: s.user.businessName, ownerEmail: s.user.ownerEmail,
  country: 'NG', timeZone: 'Africa/Lagos', userId: s.user._id, email: s.user.email, userName, roles,
});

export const expectData = (res: { statusCode: number; body: string }, status: number) => {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).data;
};
