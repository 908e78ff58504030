import type { TCollectionPointInput } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { randomCode } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import type { TPlacesService } from '../places/places.service.ts';
import * as repo from './collection-points.repo.ts';

export const createCollectionPointsService = ({ db }: TDeps, peers: { places: TPlacesService }) => {
  /** `{id}` in these paths is a user of the caller's business (the person acting for the point). */
  const assertOwnUser = (auth: TUserAuth, userId: string) => {
    if (userId !== auth.userId) throw notFound('User');
  };
  const onePointOf = async (auth: TUserAuth, employeeNumber: string) => {
    const points = await repo.findByEmployeeNumber(db, auth.businessId, employeeNumber);
    if (points.length === 0) throw notFound(`A collection point for employee number ${employeeNumber}`);
    return points;
  };

  return {
    /**
     * One point of the business by id (other features reach points through this); undefined when not this business's.
     * `placeId`: the site or project it records for (issue 34), null for a point made before places.
     */
    getPoint: async (businessId: string, id: string) => {
      const row = await repo.findCollectionPoint(db, businessId, id);
      return row ? { ...repo.toCollectionPoint(row), placeId: row.placeId } : undefined;
    },

    create: async (auth: TUserAuth, input: TCollectionPointInput) => {
      assertBusinessEmail(auth, input.userEmail);
      return db.transaction(async (tx) => {
        // The point's place (issue 34): the site or project picked, or the one the typed tagName names (made when new).
        const placeId = input.placeId ?? (await peers.places.ensure(tx, auth.businessId, input.tagName, 'project')).id;
        const place = await peers.places.get(auth.businessId, placeId, tx);
        if (!place) throw badRequest("placeId: choose one of the business's sites or projects");
        if (place.archived) throw badRequest(`tagName: "${place.name}" is archived; restore it on the Places screen or choose another place`);
        if (place.kind === 'store') throw badRequest(`tagName: "${place.name}" is a store; a collection point records for a site or a project`);
        const row = await repo.createCollectionPoint(tx, auth.businessId, { ...input, tagName: place.name, placeId: place._id, dataCode: randomCode() });
        await audit(tx, auth, 'collection-point.created', { entity: 'collection-point', entityId: row.id, after: row });
        return repo.toCollectionPoint(row);
      });
    },

    list: async (auth: TUserAuth, email: string) => {
      assertBusinessEmail(auth, email);
      return (await repo.findCollectionPoints(db, auth.businessId)).map(repo.toCollectionPoint);
    },

    /** A new code for every point of this employee number; the old code stops working at once. */
    regenerateCode: async (auth: TUserAuth, userId: string, employeeNumber: string) => {
      assertOwnUser(auth, userId);
      const points = await onePointOf(auth, employeeNumber);
      return db.transaction(async (tx) => {
        // Each point gets its own code, so this is one update per point (an employee holds few).
        const updated = [];
        for (const p of points) updated.push(await repo.updateCollectionPoint(tx, auth.businessId, p.id, { dataCode: randomCode() }));
        await audit(tx, auth, 'collection-point.code-regenerated', points.map((p) => ({ entity: 'collection-point', entityId: p.id })));
        return updated.map(repo.toCollectionPoint);
      });
    },

    updateNumber: async (auth: TUserAuth, input: { id: string; newEmployeeNumber: string; oldEmployeeNumber: string; subDocId: string }) => {
      assertOwnUser(auth, input.id);
      const point = await repo.findCollectionPoint(db, auth.businessId, input.subDocId);
      if (!point) throw notFound('Collection point');
      if (point.employeeNumber !== input.oldEmployeeNumber) {
        throw badRequest(`oldEmployeeNumber: this collection point belongs to employee number ${point.employeeNumber}, not ${input.oldEmployeeNumber}`).as('pointOtherEmployee', { number: point.employeeNumber, sent: input.oldEmployeeNumber });
      }
      return db.transaction(async (tx) => {
        // Moving the point to someone else also retires the code the previous holder knew.
        const row = await repo.updateCollectionPoint(tx, auth.businessId, point.id, { employeeNumber: input.newEmployeeNumber, dataCode: randomCode() });
        await audit(tx, auth, 'collection-point.number-changed', { entity: 'collection-point', entityId: point.id, before: { employeeNumber: point.employeeNumber }, after: { employeeNumber: row.employeeNumber } });
        return repo.toCollectionPoint(row);
      });
    },

    saveGoogleLink: async (auth: TUserAuth, userId: string, employeeNumber: string, googleLink: string) => {
      assertOwnUser(auth, userId);
      const points = await onePointOf(auth, employeeNumber);
      return db.transaction(async (tx) => {
        const updated = await repo.updateByEmployeeNumber(tx, auth.businessId, employeeNumber, { googleLink });
        await audit(tx, auth, 'collection-point.link-saved', points.map((p) => ({ entity: 'collection-point', entityId: p.id, before: { googleLink: p.googleLink }, after: { googleLink } })));
        return updated.map(repo.toCollectionPoint);
      });
    },
  };
};
export type TCollectionPointsService = ReturnType<typeof createCollectionPointsService>;
