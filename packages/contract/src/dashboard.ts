import { z } from 'zod';

/** GET /dashboard/summary: real counts of what the business has; each module adds its figure. */
export const ZDashboardSummary = z.object({
  users: z.number().int(),
  employees: z.number().int(),
  joinersThisMonth: z.number().int(),
  departments: z.number().int(),
  designations: z.number().int(),
  collectionPoints: z.number().int(),
  unreadNotifications: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
