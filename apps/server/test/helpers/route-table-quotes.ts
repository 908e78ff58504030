import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';

const p = (a: TSeed) => a.procurement;
const choice = (a: TSeed) => ({ lines: [{ lineId: p(a).boqLineId, quoteId: p(a).quoteId }] });

/** Fair quotes (issue 35): preview and per-line award of a BOQ (merged into ROUTES). */
export const QUOTE_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/vendors/award-preview/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: (a) => ({ id: p(a).boqId }), body: choice },
  'POST /api/v1/vendors/award-lines/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: (a) => ({ id: p(a).boqId }), body: choice },
};
