import type { TRouteCase } from './route-table.ts';

/** Issue 34 item 4: a collection point's site phone records stock at its own place (collector tokens only). */
export const COLLECTOR_STOCK_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/inventory/collector/employees': { access: ['collector'], crossTenant: 'denied', noInput: "the point's own business's staff names; takes no input" },
  'POST /api/v1/inventory/collector/movements': {
    // More than any seeded stock is used: a probe that reaches the row is refused (409), so nothing moves.
    access: ['collector'], crossTenant: 'denied', optionalFields: ['note'],
    body: (a) => ({ itemId: a.inventory.itemId, action: 'use', quantity: 999999, employeeNumber: a.collectionPoint.employeeNumber, reference: 'probe-reference-1', deviceTime: new Date().toISOString() }),
  },
};
