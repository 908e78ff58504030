import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './places.repo.ts';

export type { TPlaceKind } from './places.repo.ts';

/**
 * Places (issue 34, DESIGN §7): projects, their sites and the business's stores as records. Other features reach them
 * here: a typed `tagName` resolves to its record by name (case and spacing ignored, old spellings through aliases).
 */
export const createPlacesService = (deps: TDeps) => {
  const { db } = deps;
  return {
    /** The place a typed name means, or undefined. */
    resolve: async (businessId: string, name: string, tx: DbOrTx = db) =>
      (await repo.findByKey(tx, businessId, name)) ?? (await repo.findByAlias(tx, businessId, name)),

    /** The place a typed name means, made as a `kind` when the business has none of that name (the spec's free-text paths). */
    ensure: async (tx: DbOrTx, businessId: string, name: string, kind: 'project' | 'store' = 'project') => {
      if (!repo.placeKey(name)) throw badRequest('tagName: give the project, site or store name');
      return (await repo.findByAlias(tx, businessId, name)) ?? repo.ensure(tx, businessId, name, kind);
    },
  };
};
export type TPlacesService = ReturnType<typeof createPlacesService>;
