import type { TPageQuery } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import { readableEntities } from '../../platform/audit.ts';
import { readableNotificationSubjects } from '../../platform/subjects.ts';
import * as repo from './dashboard.repo.ts';

export const createDashboardService = ({ db }: TDeps) => ({
  /** Real counts of what the business has; each module adds its own figure here as it lands. */
  summary: async (auth: TUserAuth) => repo.countAccounts(db, auth.businessId, readableNotificationSubjects(auth.roles)),

  /**
   * The audit trail, newest first: who did what, when, with the record before and after. Each caller
   * sees the entries of the subjects their roles cover (HR the people, Accounts the pay; the owner all).
   */
  activity: async (auth: TUserAuth, page: TPageQuery) => {
    const { rows, total } = await repo.findActivity(db, auth.businessId, { limit: page.limit, offset: pageOffset(page), entities: readableEntities(auth.roles) });
    return {
      total,
      rows: rows.map((r) => ({
        _id: r.id, action: r.action, entity: r.entity, entityId: r.entityId, actorKind: r.actorKind,
        actorName: r.actorName ?? (r.actorKind === 'system' ? 'Bizdesk' : r.actorKind), before: r.before, after: r.after, createdAt: r.createdAt.toISOString(),
      })),
    };
  },
});
export type TDashboardService = ReturnType<typeof createDashboardService>;
