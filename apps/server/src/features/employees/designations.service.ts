import { MSG, type TDesignationInput } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { conflict } from '../../platform/errors.ts';
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

  list: async (auth: TAuth, email: string) => {
    assertBusinessEmail(auth, email);
    return (await repo.findDesignations(db, auth.businessId)).map(repo.toDesignation);
  },
});
export type TDesignationsService = ReturnType<typeof createDesignationsService>;
