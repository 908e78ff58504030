import type { TPlace, TPlaceInput, TPlaceKind, TPlaceQuery } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import * as repo from './places.repo.ts';

export const toPlace = (r: repo.TPlaceRow): TPlace => ({
  _id: r.id, kind: r.kind, name: r.name, projectId: r.projectId, projectName: r.projectName, address: r.address,
  description: r.description, status: r.status, archived: r.archivedAt !== null,
});

/**
 * Places (issue 34, DESIGN §7): projects, their sites and the business's stores as records. Other features reach them
 * here: a typed `tagName` resolves to its record by name (case and spacing ignored, old spellings through aliases).
 */
export const createPlacesService = (deps: TDeps) => {
  const { db } = deps;
  return {
    list: async (auth: TUserAuth, q: TPlaceQuery) => {
      const kinds = (typeof q.kind === 'string' ? q.kind.split(',') : q.kind) as TPlaceKind[] | undefined;
      return (await repo.list(db, auth.businessId, { kinds, q: q.q, projectId: q.projectId, includeArchived: q.includeArchived === 'true' })).map(toPlace);
    },

    get: async (businessId: string, id: string, tx: DbOrTx = db) => {
      const row = await repo.findById(tx, businessId, id);
      return row ? toPlace(row) : undefined;
    },

    create: async (auth: TUserAuth, input: TPlaceInput) =>
      db.transaction(async (tx) => {
        let projectId: string | null = null;
        if (input.kind === 'site') {
          if (!input.projectId) throw badRequest('projectId: a site belongs to a project; choose its project');
          const project = await repo.findById(tx, auth.businessId, input.projectId);
          if (!project || project.kind !== 'project') throw notFound('Project');
          projectId = project.id;
        }
        const same = await repo.findByKey(tx, auth.businessId, input.name);
        if (same) throw conflict(`"${same.name}" already names a ${same.kind} of this business; choose it, or give the new place another name`);
        const row = await repo.insert(tx, {
          businessId: auth.businessId, kind: input.kind, name: repo.placeName(input.name), nameKey: repo.placeKey(input.name), projectId,
          address: input.address ?? '', description: input.description ?? '',
        });
        const place = toPlace({ ...row, projectName: null });
        await audit(tx, auth, 'place.created', { entity: 'place', entityId: row.id, after: place });
        return (await repo.findById(tx, auth.businessId, row.id).then((r) => (r ? toPlace(r) : place)));
      }),

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
