import type { TRouteCase } from './route-table.ts';

/**
 * What operators and load balancers call (issue 36 item 5): readiness beside liveness (GET /api/v1/health, listed in
 * route-table.ts). GET /metrics is outside /api (its own token, METRICS_TOKEN; test/operations.test.ts).
 */
export const OPERATIONS_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/health/ready': { access: 'public', crossTenant: 'public', noInput: 'takes no input' },
};
