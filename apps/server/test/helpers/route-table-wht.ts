import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';

/** Withholding tax, payables ageing and the supplier documents (issue 35, lane wht). */
const orderParam = (a: TSeed) => ({ id: a.procurement.orderId });
/** No payment or GRN is seeded: the order's id stands in, so another business can never reach a real one. */
const someId = (a: TSeed) => ({ id: a.procurement.orderId });
const READERS = ['Procurement-access', 'Approvals-access', 'Accounts-access'];

export const WHT_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/orders/payments/:id/withholding': { access: ['Accounts-access'], crossTenant: 'denied', params: someId, query: () => ({ paidDate: '2026-04-15' }), optionalFields: ['paidDate'] },
  'GET /api/v1/orders/wht-schedule': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ month: '2026-04', format: 'json' }), optionalFields: ['authority', 'format'] },
  'GET /api/v1/orders/payables-ageing': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'own-business', query: () => ({ asOf: '2026-05-01' }), optionalFields: ['asOf'] },
  'GET /api/v1/orders/:id/pdf': { access: READERS, crossTenant: 'denied', params: orderParam, noInput: 'the order id only' },
  'GET /api/v1/orders/grns/:id/pdf': { access: [...READERS, 'Inventory-access'], crossTenant: 'denied', params: someId, noInput: 'the GRN id only' },
  'GET /api/v1/orders/payments/:id/advice-pdf': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied', params: someId, noInput: 'the payment id only' },
  'GET /api/v1/orders/payments/:id/wht-receipt': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied', params: someId, noInput: 'the payment id only' },
};
