import type { FastifyInstance } from 'fastify';
import { bearer, nextIp, type TSession } from './test-app.ts';

const enc = encodeURIComponent;

/** Builders for the inventory, requisition, fleet and energy tests. Calls return the raw answer unless named *Ok. */
export const inventoryApi = (app: FastifyInstance, session: TSession) => {
  const h = bearer(session.token);
  const email = session.user.email;
  const must = (res: { statusCode: number; body: string }, status: number) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body).data;
  };
  return {
    h,
    email,
    must,
    createItem: async (fields: Record<string, unknown>, token = session.token) =>
      must(await app.inject({ method: 'POST', url: '/api/v1/inventory/create', headers: bearer(token), payload: { tagName: 'lekki-site', name: 'Cement', unit: 'bags', ...fields } }), 201) as Record<string, any>,
    item: async (id: string) => must(await app.inject({ method: 'GET', url: `/api/v1/inventory/${id}`, headers: h }), 200) as Record<string, any>,
    instock: (id: string, quantity: string | number, o: { tag?: string; nums?: string; unitCost?: string; reference?: string; token?: string } = {}) => {
      const q = new URLSearchParams({ ...(o.unitCost ? { unitCost: o.unitCost } : {}), ...(o.reference ? { reference: o.reference } : {}) });
      return app.inject({ method: 'GET', url: `/api/v1/inventory/instock/${enc(email)}/${id}/${enc(o.nums ?? 'EMP-00001')}/${quantity}/${enc(o.tag ?? 'lekki-site')}?${q}`, headers: bearer(o.token ?? session.token), remoteAddress: nextIp() });
    },
    outstock: (id: string, quantity: string | number, order: string, o: { tag?: string; nums?: string; token?: string } = {}) =>
      app.inject({ method: 'GET', url: `/api/v1/inventory/outstock/${enc(email)}/${id}/${enc(o.nums ?? 'EMP-00001')}/${quantity}/${enc(order)}/${enc(o.tag ?? 'lekki-site')}`, headers: bearer(o.token ?? session.token) }),
    usedstock: (id: string, quantity: string | number, used: string, order: string, o: { tag?: string; nums?: string; token?: string } = {}) =>
      app.inject({ method: 'GET', url: `/api/v1/inventory/usedstock/${enc(email)}/${id}/${enc(o.nums ?? 'EMP-00001')}/${quantity}/${enc(used)}/${enc(order)}/${enc(o.tag ?? 'lekki-site')}`, headers: bearer(o.token ?? session.token) }),
    logs: async (tag?: string, query: Record<string, string> = {}, token = session.token) => {
      const qs = new URLSearchParams(query);
      const url = tag ? `/api/v1/inventory/logs/${enc(email)}/${enc(tag)}?${qs}` : `/api/v1/inventory/logsG/${enc(email)}?${qs}`;
      return app.inject({ method: 'GET', url, headers: bearer(token) });
    },
    notifications: async () => must(await app.inject({ method: 'GET', url: `/api/v1/notification/fetch/${enc(email)}`, headers: h }), 200) as Array<{ category: string; actionType: string; message: string }>,
  };
};

/** A collection point for `tagName`, an employee holding its number, and a collector token for it. */
export const collectorFor = async (app: FastifyInstance, owner: TSession, tagName: string, employeeNumber: string) => {
  const h = bearer(owner.token);
  const point = await app.inject({ method: 'POST', url: '/api/v1/auth/dcollector', headers: h, payload: { employeeNumber, employeeName: `Officer ${employeeNumber}`, tagName, userEmail: owner.user.email, dept: 'Operations' } });
  if (point.statusCode !== 201) throw new Error(point.body);
  const employee = await app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: h, payload: { firstName: 'Field', lastName: employeeNumber, email: `${employeeNumber.toLowerCase()}@field.example`, employeeNumber } });
  if (employee.statusCode !== 201) throw new Error(employee.body);
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/employee/collectorId', remoteAddress: nextIp(), payload: { dataCode: point.json().data.dataCode, employeeUniqueCode: employee.json().data.employeeUniqueCode } });
  if (signIn.statusCode !== 200) throw new Error(signIn.body);
  return { pointId: point.json().data._id as string, token: signIn.json().token as string, employeeNumber };
};

/** A staff user with these roles, signed in. */
export const staffUser = async (app: FastifyInstance, owner: TSession, name: string, roles: string[]) => {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${owner.user.email.split('@')[1]}`;
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/user-register', headers: bearer(owner.token), payload: { userName: name, email, password: 'approver pass 7', roles } });
  if (res.statusCode !== 201) throw new Error(res.body);
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: nextIp(), payload: { email, password: 'approver pass 7' } });
  if (login.statusCode !== 200) throw new Error(login.body);
  return { token: login.json().token as string, user: login.json().data as TSession['user'] };
};

/**
 * An employee of the business with this number (issue 34: a movement's {nums} must be one); `email` links it to the user
 * with that e-mail. Returns the employee's id.
 */
export const storeEmployee = async (app: FastifyInstance, owner: TSession, employeeNumber = 'EMP-00001', o: { firstName?: string; lastName?: string; email?: string } = {}) => {
  const res = await app.inject({ method: 'POST', url: `/api/v1/employee/create/${owner.user._id}`, headers: bearer(owner.token), payload: {
    firstName: o.firstName ?? 'Store', lastName: o.lastName ?? `Keeper ${employeeNumber}`, email: o.email ?? `${employeeNumber.toLowerCase()}@store.example`, employeeNumber,
  } });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data._id as string;
};
