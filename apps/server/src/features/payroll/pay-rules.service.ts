import type { TPayRules, TPayRulesInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import * as eventsRepo from './month-events.repo.ts';

const toRules = (r: eventsRepo.TPayRulesRow, canEdit: boolean): TPayRules => ({
  prorationBasis: r.proration_basis === 'working' ? 'working' : 'calendar', paysOutLeave: r.pays_out_leave, unpaidAbsences: r.unpaid_absences, canEdit,
});

/**
 * The business's pay rules for the month's events (issue 32): Accounts reads them (the Wages screen shows them), the
 * owner changes them. A change marks nothing: a draft run computed before it is recomputed by whoever runs it next.
 */
export const createPayRulesService = (deps: TDeps) => {
  const { db } = deps;
  const isOwner = (auth: TUserAuth) => auth.roles.includes('owner');
  return {
    get: async (auth: TUserAuth) => toRules(await eventsRepo.getPayRules(db, auth.businessId), isOwner(auth)),
    update: async (auth: TUserAuth, input: TPayRulesInput) =>
      db.transaction(async (tx) => {
        const before = toRules(await eventsRepo.getPayRules(tx, auth.businessId), true);
        await eventsRepo.updatePayRules(tx, auth.businessId, { proration_basis: input.prorationBasis, pays_out_leave: input.paysOutLeave, unpaid_absences: input.unpaidAbsences });
        const after = toRules(await eventsRepo.getPayRules(tx, auth.businessId), true);
        const { canEdit: _b, ...b } = before;
        const { canEdit: _a, ...a } = after;
        await audit(tx, auth, 'payroll.pay-rules-updated', { entity: 'business', entityId: auth.businessId, before: b, after: a });
        return after;
      }),
    /** An employee's exit changed: their draft runs must be computed again (employees.onExitChanged). */
    onExitChanged: (tx: DbOrTx, businessId: string, employeeId: string) => eventsRepo.bumpDraftRunsOf(tx, businessId, employeeId),
  };
};
