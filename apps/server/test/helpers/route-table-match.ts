import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';
import { multipart } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';

/** Held invoices (issue 35, lane match). The seed has no invoice: the order's id stands in, so every caller meets 404 past the guard. */
const invoiceParam = (a: TSeed) => ({ id: a.procurement.orderId });

export const MATCH_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/orders/invoice/:id': { access: ['Accounts-access', 'Procurement-access', 'Approvals-access'], crossTenant: 'denied', params: invoiceParam },
  'POST /api/v1/orders/invoices/:id/override': { access: ['Approvals-access'], crossTenant: 'denied', params: invoiceParam, body: () => ({ reason: 'Agreed with the supplier by phone' }) },
  'POST /api/v1/orders/invoices/:id/credit-notes': {
    access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied', params: invoiceParam,
    body: () => ({ number: 'CN-1', date: '2026-03-05', reason: 'Price above the order', amount: '1000' }), optionalFields: ['lineId'],
  },
  'POST /api/v1/orders/invoices/:id/document': {
    access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied', params: invoiceParam,
    form: () => multipart([{ name: 'file', filename: 'invoice.pdf', contentType: 'application/pdf', data: PDF_BYTES }]),
  },
  'GET /api/v1/orders/invoices/:id/document': { access: ['Accounts-access', 'Procurement-access', 'Approvals-access'], crossTenant: 'denied', params: invoiceParam },
};
