import type { FastifyInstance } from 'fastify';
import { bearer, multipart, type TSession } from './test-app.ts';

/** Small builders for the people tests: each returns the created record or throws with the answer. */
export const peopleApi = (app: FastifyInstance, session: TSession) => {
  const h = bearer(session.token);
  const expectStatus = (res: { statusCode: number; body: string }, status: number) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body).data;
  };
  return {
    h,
    department: async (name: string, unit?: string) => {
      const form = multipart([{ name: 'department', value: JSON.stringify({ name, ...(unit ? { unit } : {}) }) }]);
      const res = await app.inject({ method: 'POST', url: `/api/v1/auth/department/${session.user.email}`, headers: { ...h, ...form.headers }, payload: form.payload });
      return expectStatus(res, 201)[0] as { _id: string; name: string; unit: string; unitId: string };
    },
    designation: async (name: string) =>
      expectStatus(await app.inject({ method: 'POST', url: '/api/v1/designation', headers: h, payload: { name } }), 201) as { _id: string; name: string },
    employee: async (fields: Record<string, unknown>) =>
      expectStatus(await app.inject({ method: 'POST', url: `/api/v1/employee/create/${session.user._id}`, headers: h, payload: { firstName: 'Test', lastName: 'Person', ...fields } }), 201) as Record<string, any>,
    list: async (query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await app.inject({ method: 'GET', url: `/api/v1/employee/employees/${session.user.email}?${qs}`, headers: h });
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json() as { data: Array<Record<string, any>>; page: number; limit: number; total: number; totalRecords: number };
    },
    detail: async (id: string) => expectStatus(await app.inject({ method: 'GET', url: `/api/v1/employee/detail/${id}`, headers: h }), 200) as Record<string, any>,
    expectStatus,
  };
};
