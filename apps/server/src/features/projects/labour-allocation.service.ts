import type { TLabourAllocation, TLabourAllocationInput } from '@bizdesk/contract';
import type { Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TLedgerService } from './ledger.service.ts';
import * as repo from './labour-allocation.repo.ts';

/** The last day of a YYYY-MM month. */
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** An amount × basis points, rounded half up (integer minor units, no float). */
const shareOf = (amountMinor: number, bp: number) => Number((BigInt(amountMinor) * BigInt(bp) * 2n + 10000n) / 20000n);

/**
 * Payroll labour on projects (issue 35): the business sets each employee's split over projects from a month on; an
 * approved run's cost to the employer (gross pay + employer contributions) goes to the projects by the split in force in
 * the run's month, as actual 'payroll' entries dated the month's end (one source per run, one key per employee and
 * project).
 */
export const createLabourAllocationService = ({ db }: Pick<TDeps, 'db'>, peers: {
  ledger: Pick<TLedgerService, 'replace'>; places: Pick<TPlacesService, 'get'>; employees: Pick<TEmployeesService, 'getEmployee'>;
}) => {
  const view = async (businessId: string, employeeId: string): Promise<TLabourAllocation> => {
    const rows = await repo.findAllocations(db, businessId, employeeId);
    const months: TLabourAllocation['months'] = [];
    for (const r of rows) {
      const m = months.find((x) => x.effectiveMonth === r.effectiveMonth) ?? (months.push({ effectiveMonth: r.effectiveMonth, allocations: [] }), months.at(-1)!);
      m.allocations.push({ projectId: r.projectId, projectName: r.projectName, percentBp: r.percentBp });
    }
    return { employeeId, months };
  };

  return {
    get: async (auth: TUserAuth, employeeId: string) => {
      await peers.employees.getEmployee(db, auth, employeeId); // 404 when not this business's
      return view(auth.businessId, employeeId);
    },

    /** Sets one month's split (replacing that month's); every place must be a project of the business. */
    put: async (auth: TUserAuth, employeeId: string, input: TLabourAllocationInput) => {
      await db.transaction(async (tx) => {
        await peers.employees.getEmployee(tx, auth, employeeId);
        for (const [i, a] of input.allocations.entries()) {
          const place = await peers.places.get(auth.businessId, a.projectId, tx);
          if (!place) throw notFound(`allocations.${i}.projectId: project`);
          if (place.kind !== 'project') throw badRequest(`allocations.${i}.projectId: ${place.name} is not a project`).as('notAProject', { place: place.name });
        }
        const before = await repo.findAllocations(tx, auth.businessId, employeeId);
        await repo.replaceMonth(tx, auth.businessId, employeeId, input.effectiveMonth, input.allocations);
        await audit(tx, auth, 'employee.labour-allocation-set', {
          entity: 'employee', entityId: employeeId, before: before.filter((b) => b.effectiveMonth === input.effectiveMonth), after: input,
        });
      });
      return view(auth.businessId, employeeId);
    },

    /** payroll's labour port: called in the approving transaction. */
    runApproved: async (tx: Tx, businessId: string, run: { runId: string; month: string; label: string; costs: Array<{ employeeId: string; name: string; costMinor: number }> }) => {
      const splits = await repo.findSplitsFor(tx, businessId, run.month);
      const entries = [];
      for (const c of run.costs) {
        for (const s of splits.filter((x) => x.employeeId === c.employeeId)) {
          entries.push({
            placeId: s.projectId, category: 'labour', stage: 'actual' as const, amountMinor: shareOf(c.costMinor, s.percentBp), date: monthEnd(run.month),
            description: `${c.name}: ${s.percentBp / 100}% of the ${run.label} payroll cost`, reference: `Payroll ${run.label}`, key: `${c.employeeId}:${s.projectId}`,
          });
        }
      }
      await peers.ledger.replace(tx, businessId, { kind: 'payroll', id: run.runId }, entries);
    },
  };
};
export type TLabourAllocationService = ReturnType<typeof createLabourAllocationService>;
