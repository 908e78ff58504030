import type { TPlace, TPlaceConfirm, TPlaceInput, TPlaceKind, TPlacePatch, TPlaceQuery, TPlaceReview } from '@bizdesk/contract';
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
const refuseClash = async (tx: DbOrTx, businessId: string, name: string, self?: string) => {
  const same = await repo.findByKey(tx, businessId, name);
  if (same && same.id !== self) {
    throw conflict(`name: "${same.name}" already names a ${same.kind} of this business${same.archivedAt ? ' (archived)' : ''}; choose it, merge into it, or give this place another name`);
  }
};

/** The project a site belongs to: a project of this business, not the site itself. */
const projectOf = async (tx: DbOrTx, businessId: string, projectId: string | null | undefined, self?: string) => {
  if (!projectId) throw badRequest('projectId: a site belongs to a project; choose its project');
  const project = await repo.findById(tx, businessId, projectId);
  if (!project || project.kind !== 'project' || project.id === self) throw badRequest('projectId: choose one of the business\'s projects');
  return project.id;
};

type TChange = { name?: string; kind?: TPlaceKind; projectId?: string | null; address?: string; description?: string; status?: 'active' };

/**
 * One place changed (rename, kind, a site's project, address, description), its records' name copies rewritten
 * when the name changes and the old name kept as an alias so typed paths still find it. Inside the caller's tx.
 */
const change = async (tx: DbOrTx, auth: TUserAuth, id: string, p: TChange) => {
  const before = await repo.findById(tx, auth.businessId, id);
  if (!before) throw notFound('Place');
  const kind = p.kind ?? before.kind;
  const set: Parameters<typeof repo.update>[3] = {};
  if (p.name !== undefined && repo.placeName(p.name) !== before.name) {
    await refuseClash(tx, auth.businessId, p.name, id);
    Object.assign(set, { name: repo.placeName(p.name), nameKey: repo.placeKey(p.name) });
  }
  if (kind !== before.kind && before.kind === 'project' && (await repo.siteCount(tx, auth.businessId, id)) > 0) {
    throw badRequest(`kind: "${before.name}" has sites; move them to another project before it becomes a ${kind}`);
  }
  if (kind === 'site') {
    const projectId = p.projectId !== undefined ? p.projectId : before.projectId;
    set.projectId = await projectOf(tx, auth.businessId, projectId, id);
  } else set.projectId = null;
  if (p.kind !== undefined) set.kind = kind;
  if (p.address !== undefined) set.address = p.address;
  if (p.description !== undefined) set.description = p.description;
  if (p.status) set.status = p.status;
  await repo.update(tx, auth.businessId, id, set);
  if (set.name) {
    await repo.addAlias(tx, auth.businessId, id, before.name);
    await repo.repointAll(tx, auth.businessId, [], id, set.name);
  }
  const after = toPlace((await repo.findById(tx, auth.businessId, id))!);
  await audit(tx, auth, 'place.updated', { entity: 'place', entityId: id, before: toPlace(before), after });
  return after;
};

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
        const projectId = input.kind === 'site' ? await projectOf(tx, auth.businessId, input.projectId) : null;
        await refuseClash(tx, auth.businessId, input.name);
        const row = await repo.insert(tx, {
          businessId: auth.businessId, kind: input.kind, name: repo.placeName(input.name), nameKey: repo.placeKey(input.name), projectId,
          address: input.address ?? '', description: input.description ?? '',
        });
        const place = toPlace({ ...row, projectName: null });
        await audit(tx, auth, 'place.created', { entity: 'place', entityId: row.id, after: place });
        return (await repo.findById(tx, auth.businessId, row.id).then((r) => (r ? toPlace(r) : place)));
      }),

    update: async (auth: TUserAuth, id: string, p: TPlacePatch) => {
      if (Object.values(p).every((v) => v === undefined)) throw badRequest('name: send at least one field to change');
      return db.transaction((tx) => change(tx, auth, id, p));
    },

    /**
     * Archived places leave the pickers (list answers active ones unless asked) and their records stay as they are.
     * Archiving does not look at the stock a place holds: counting inventory would reach into the inventory feature's
     * tables; the place's stock rows stay readable and movable (decision in places-decisions.md).
     */
    setArchived: async (auth: TUserAuth, id: string, archived: boolean) =>
      db.transaction(async (tx) => {
        const before = await repo.findById(tx, auth.businessId, id);
        if (!before) throw notFound('Place');
        if (archived && before.kind === 'project') {
          const sites = await repo.list(tx, auth.businessId, { kinds: ['site'], projectId: id });
          if (sites.length) throw badRequest(`"${before.name}" has sites in use (${sites.map((x) => x.name).join(', ')}); archive them first`);
        }
        await repo.update(tx, auth.businessId, id, { archivedAt: archived ? new Date() : null });
        const after = toPlace((await repo.findById(tx, auth.businessId, id))!);
        await audit(tx, auth, archived ? 'place.archived' : 'place.unarchived', { entity: 'place', entityId: id, before: toPlace(before), after });
        return after;
      }),

    /** The migration's merge preview: places made from typed names, waiting for confirmation, with their spellings. */
    review: async (auth: TUserAuth): Promise<TPlaceReview[]> => {
      const rows = (await repo.list(db, auth.businessId, { includeArchived: true })).filter((r) => r.status === 'proposed');
      const aliases = await repo.aliasesOf(db, auth.businessId, rows.map((r) => r.id));
      return rows.map((r) => {
        const mine = aliases.filter((a) => a.placeId === r.id).map((a) => ({ alias: a.alias, records: a.records }));
        return { ...toPlace(r), aliases: mine, records: mine.reduce((n, a) => n + a.records, 0) };
      });
    },

    /** The owner confirms proposed places (each optionally renamed, re-kinded, given a project): status → active. */
    confirm: async (auth: TUserAuth, input: TPlaceConfirm) =>
      db.transaction(async (tx) => {
        const out: TPlace[] = [];
        // Projects first, so a site confirmed in the same list can name a project confirmed beside it.
        const order = [...input.places].sort((a, b) => Number(a.kind === 'site') - Number(b.kind === 'site'));
        for (const p of order) out.push(await change(tx, auth, p.id, { name: p.name, kind: p.kind, projectId: p.projectId, status: 'active' }));
        return out;
      }),

    /**
     * Merge a place into another (owner / Settings-access): every table's place id and name copy names the surviving
     * place, stock rows of one master item are combined, the money sides folded, the spellings kept as aliases;
     * the merged place is deleted. One transaction, audited.
     */
    merge: async (auth: TUserAuth, id: string, intoId: string) =>
      db.transaction(async (tx) => {
        const from = await repo.findById(tx, auth.businessId, id);
        if (!from) throw notFound('Place');
        if (id === intoId) throw badRequest('intoId: choose another place to merge into');
        const into = await repo.findById(tx, auth.businessId, intoId);
        if (!into) throw badRequest('intoId: choose one of the business\'s places');
        if (into.projectId === from.id) throw badRequest(`intoId: "${into.name}" is a site of "${from.name}"; choose a place that is not one of its sites`);
        if (from.kind === 'project' && into.kind !== 'project' && (await repo.siteCount(tx, auth.businessId, from.id)) > 0) {
          throw badRequest(`intoId: "${from.name}" has sites; merge it into a project`);
        }
        const usage = await repo.usage(tx, auth.businessId, from.id);
        const moved = await repo.repointAll(tx, auth.businessId, [from.id], into.id, into.name);
        await repo.addAlias(tx, auth.businessId, into.id, from.name);
        await repo.remove(tx, auth.businessId, from.id);
        const after = toPlace((await repo.findById(tx, auth.businessId, into.id))!);
        await audit(tx, auth, 'place.merged', { entity: 'place', entityId: into.id, before: { merged: toPlace(from), usage }, after: { place: after, moved } });
        return { place: after, moved };
      }),

    /** The names of the business's places of these kinds that forms may still pick (not archived). */
    names: async (businessId: string, kinds: TPlaceKind[]) => (await repo.list(db, businessId, { kinds })).map((r) => r.name),

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
