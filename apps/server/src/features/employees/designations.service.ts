import { MSG, type TDesignationInput, type TDesignationUpdate } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { violatedUnique } from './employees.repo.ts';
import * as repo from './designations.repo.ts';

export const createDesignationsService = ({ db }: TDeps) => ({
  create: async (auth: TUserAuth, input: TDesignationInput) => {
    if (input.email) assertBusinessEmail(auth, input.email);
    return db.transaction(async (tx) => {
      if (await repo.isDesignationNamed(tx, auth.businessId, input.name)) throw conflict(MSG.designationTaken);
      const { id } = await repo.createDesignation(tx, { businessId: auth.businessId, name: input.name, description: input.description ?? null });
      const created = repo.toDesignation((await repo.findDesignation(tx, auth.businessId, id))!);
      await audit(tx, auth, 'designation.created', { entity: 'designation', entityId: id, after: created });
      return created;
    }).catch((err: unknown) => {
      // Two people adding the same title at once: the unique index decides, the answer is the same.
      if (violatedUnique(err) !== null) throw conflict(MSG.designationTaken);
      throw err;
    });
  },

  update: async (auth: TUserAuth, id: string, input: TDesignationUpdate) =>
    db.transaction(async (tx) => {
      const before = await repo.findDesignation(tx, auth.businessId, id);
      if (!before) throw notFound('Designation');
      if (await repo.isDesignationNamed(tx, auth.businessId, input.name, id)) throw conflict(MSG.designationTaken);
      await repo.updateDesignation(tx, auth.businessId, id, { name: input.name, description: input.description ?? null });
      const after = repo.toDesignation((await repo.findDesignation(tx, auth.businessId, id))!);
      await audit(tx, auth, 'designation.updated', { entity: 'designation', entityId: id, before: repo.toDesignation(before), after });
      return after;
    }).catch((err: unknown) => {
      if (violatedUnique(err) !== null) throw conflict(MSG.designationTaken);
      throw err;
    }),

  /** Refused while employees hold the title: the message gives how many, so the user knows what to change first. */
  remove: async (auth: TUserAuth, id: string) =>
    db.transaction(async (tx) => {
      const found = await repo.findDesignation(tx, auth.businessId, id);
      if (!found) throw notFound('Designation');
      if (found.employeeCount > 0) {
        throw conflict(`"${found.name}" is the designation of ${found.employeeCount} employee${found.employeeCount === 1 ? '' : 's'}: give them another designation first`).as('designationInUse', { count: found.employeeCount, name: found.name });
      }
      await repo.deleteDesignation(tx, auth.businessId, id);
      await audit(tx, auth, 'designation.deleted', { entity: 'designation', entityId: id, before: repo.toDesignation(found) });
    }),

  list: async (auth: TAuth, email: string) => {
    assertBusinessEmail(auth, email);
    return (await repo.findDesignations(db, auth.businessId)).map(repo.toDesignation);
  },
});
export type TDesignationsService = ReturnType<typeof createDesignationsService>;
