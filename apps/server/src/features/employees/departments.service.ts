import type { TDepartmentInput, TDepartmentUpdate } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './departments.repo.ts';

export const createDepartmentsService = ({ db }: TDeps) => ({
  /** All or nothing: one duplicate name refuses the whole batch, so nothing is half-created. */
  createMany: async (auth: TUserAuth, email: string, inputs: TDepartmentInput[]) => {
    assertBusinessEmail(auth, email);
    const seen = new Set<string>();
    for (const d of inputs) {
      const key = `${(d.unit ?? '').toLowerCase()}|${d.name.toLowerCase()}`;
      if (seen.has(key)) throw conflict(`The department "${d.name}" is listed twice`).as('departmentTwice', { name: d.name });
      seen.add(key);
    }
    return db.transaction(async (tx) => {
      const created = [];
      for (const d of inputs) {
        const unit = await repo.getOrCreateUnit(tx, auth.businessId, d.unit);
        if (await repo.hasDepartmentNamed(tx, auth.businessId, unit.id, d.name)) {
          throw conflict(`A department named "${d.name}" already exists in ${unit.name}`).as('departmentExists', { name: d.name, unit: unit.name });
        }
        const { id } = await repo.createDepartment(tx, { businessId: auth.businessId, unitId: unit.id, name: d.name, description: d.description ?? null });
        await audit(tx, auth, 'department.created', { entity: 'department', entityId: id, after: { ...d, unit: unit.name } });
        created.push(repo.toDepartment((await repo.findDepartment(tx, auth.businessId, id))!));
      }
      return created;
    });
  },

  update: async (auth: TUserAuth, id: string, input: TDepartmentUpdate) =>
    db.transaction(async (tx) => {
      const before = await repo.findDepartment(tx, auth.businessId, id);
      if (!before) throw notFound('Department');
      if (await repo.hasDepartmentNamed(tx, auth.businessId, before.unitId, input.name, id)) {
        throw conflict(`A department named "${input.name}" already exists in ${before.unit}`).as('departmentExists', { name: input.name, unit: before.unit });
      }
      await repo.updateDepartment(tx, auth.businessId, id, { name: input.name, description: input.description ?? null });
      const after = repo.toDepartment((await repo.findDepartment(tx, auth.businessId, id))!);
      await audit(tx, auth, 'department.updated', { entity: 'department', entityId: id, before: repo.toDepartment(before), after });
      return after;
    }),

  /** Refused while employees work in it, with how many; its documents and videos go with it. */
  remove: async (auth: TUserAuth, id: string) =>
    db.transaction(async (tx) => {
      const found = await repo.findDepartment(tx, auth.businessId, id);
      if (!found) throw notFound('Department');
      const employeeCount = await repo.countDepartmentEmployees(tx, auth.businessId, id);
      if (employeeCount > 0) {
        throw conflict(`${employeeCount} employee${employeeCount === 1 ? ' works' : 's work'} in "${found.name}": move them to another department first`).as('departmentHasEmployees', { count: employeeCount, name: found.name });
      }
      await repo.deleteDepartment(tx, auth.businessId, id);
      await audit(tx, auth, 'department.deleted', { entity: 'department', entityId: id, before: repo.toDepartment(found) });
    }),

  list: async (auth: TUserAuth) => (await repo.findDepartments(db, auth.businessId)).map(repo.toDepartment),
});
export type TDepartmentsService = ReturnType<typeof createDepartmentsService>;
