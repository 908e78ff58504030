import { vi } from 'vitest';
import type { TEmployee, TUser } from '@bizdesk/contract';
import { i18n } from '../../shared/i18n/index.ts';
import { setupI18n, jsonResponse } from '../../test/render.tsx';

/** English core, app and people texts, as the people routes load them. */
export const setupPeopleTexts = async () => {
  await setupI18n();
  await i18n.loadNamespaces('people');
};

export type TCall = { method: string; url: URL; headers: Record<string, string>; body: BodyInit | null | undefined };
type THandler = (call: TCall) => Response | Promise<Response> | undefined;

/** Stubs fetch with handlers tried in order; records every call. Unhandled calls answer 404. */
export const mockFetch = (...handlers: THandler[]) => {
  const calls: TCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: TCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body,
    };
    calls.push(call);
    for (const handler of handlers) {
      const res = await handler(call);
      if (res) return res;
    }
    return jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

/** A handler for one method and path (exact, after /api/v1). */
export const on = (method: string, path: string | RegExp, reply: (call: TCall) => Response | Promise<Response>): THandler => (call) => {
  const rest = decodeURIComponent(call.url.pathname.replace(/^\/api\/v1/, ''));
  const matches = typeof path === 'string' ? rest === path : path.test(rest);
  return call.method === method && matches ? reply(call) : undefined;
};

export const ok = (data: unknown, extra: Record<string, unknown> = {}, status = 200) => jsonResponse({ success: true, data, ...extra }, status);
export const fail = (status: number, message: string, code = 'VALIDATION', details?: unknown) => jsonResponse({ success: false, message, code, ...(details ? { details } : {}) }, status);

export const OWNER: TUser = {
  _id: '11111111-1111-4111-8111-111111111111',
  email: 'amaka@adebayofoods.ng',
  userName: 'Amaka Adebayo',
  roles: ['owner'],
  businessId: '22222222-2222-4222-8222-222222222222',
  businessName: 'Adebayo Foods Ltd',
  ownerEmail: 'amaka@adebayofoods.ng',
  imagePath: null,
  country: 'NG',
  currency: 'NGN',
  timeZone: 'Africa/Lagos',
  emailConfirmed: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

let seq = 0;
export const employee = (over: Partial<TEmployee> = {}): TEmployee => {
  seq++;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    _id: id,
    employeeNumber: `EMP-${String(seq).padStart(5, '0')}`,
    firstName: 'Ngozi',
    lastName: `Eze ${seq}`,
    name: `Ngozi Eze ${seq}`,
    email: `ngozi${seq}@adebayofoods.ng`,
    phone: null,
    gender: null,
    dateOfBirth: null,
    address: null,
    nextOfKinName: null,
    nextOfKinPhone: null,
    employmentType: 'full-time',
    startDate: '2026-01-05',
    departmentId: null,
    department: null,
    unitId: null,
    unit: null,
    designationId: null,
    designation: null,
    grossIncome: null,
    grossIncomeMinor: null,
    imagePath: null,
    appraiserId: null,
    superiorId: null,
    uplineId: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    exitDate: null,
    exitReason: null,
    exitNote: null,
    probationEndDate: null,
    contractEndDate: null,
    ...over,
  };
};
