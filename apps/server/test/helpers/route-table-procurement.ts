import type { TRouteCase } from './route-table.ts';

/** Routes of the approvals, vendors and orders features (merged into ROUTES). */
export const PROCUREMENT_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/orders/create-approvals': {
    access: ['Settings-access'], crossTenant: 'denied',
    body: (a) => ({ ownerEmail: a.owner.user.email, userId: [a.owner.user._id], serviceName: 'payment', totalApprovalsRequired: 1 }),
  },
  'PUT /api/v1/orders/update-approval-statusV2': {
    access: ['Approvals-access'], crossTenant: 'denied',
    body: (a) => ({ orderId: a.owner.user.businessId, ownerEmail: a.owner.user.email, service: 'purchase-order', userId: a.owner.user._id, approvalStatus: 'approved' }),
    optionalFields: ['approvalStatus'],
  },
  'GET /api/v1/orders/approvals': { access: ['Approvals-access'], crossTenant: 'own-business', query: () => ({ view: 'all', page: '1', limit: '10' }), optionalFields: ['view', 'page', 'limit'] },
  'GET /api/v1/orders/approval-rules': { access: ['Approvals-access', 'Settings-access'], crossTenant: 'own-business', noInput: "the caller's business's rules; takes no input" },
};
