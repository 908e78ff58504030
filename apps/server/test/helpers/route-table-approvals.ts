import type { TRouteCase } from './route-table.ts';

/**
 * Approval rules by amount band and level, their history and retirement, delegation while away (issue 35). An :id of
 * another kind of record (the staff user's id) names no rule or delegation, so both businesses get 404; the
 * approval-bands tests drive the real cases.
 */
export const APPROVAL_BAND_ROUTES: Record<string, TRouteCase> = {
  'PUT /api/v1/approvals/rules': {
    access: ['Settings-access', 'Approvals-access'], crossTenant: 'denied',
    body: (a) => ({ service: 'payment', bands: [{ upToMinor: 500_000_000, levels: [{ userIds: [a.owner.user._id], required: 1 }] }, { upToMinor: null, levels: [{ userIds: [a.owner.user._id], required: 1 }] }] }),
    validValues: { upToMinor: [null] },
  },
  'POST /api/v1/approvals/rules/:id/retire': { access: ['Settings-access', 'Approvals-access'], crossTenant: 'denied' },
  'GET /api/v1/approvals/rules/:id/history': { access: ['Approvals-access', 'Settings-access'], crossTenant: 'denied' },
  'GET /api/v1/approvals/delegates': { access: ['user'], crossTenant: 'own-business', noInput: "the caller's business's approvers, names only; takes no input" },
  'GET /api/v1/approvals/delegations': { access: ['user'], crossTenant: 'own-business', noInput: "the caller's own delegations; takes no input" },
  'POST /api/v1/approvals/delegations': {
    access: ['user'], crossTenant: 'denied',
    body: (a) => ({ delegateId: a.staff.user._id, startsOn: '2099-01-05', endsOn: '2099-01-09' }),
  },
  'DELETE /api/v1/approvals/delegations/:id': { access: ['user'], crossTenant: 'denied' },
};
