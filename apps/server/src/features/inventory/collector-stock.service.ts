import type { TCollectorMovementResult, TCollectorStaff, TMovementKind } from '@bizdesk/contract';
import type { ZCollectorMovementInput } from '@bizdesk/contract';
import type { z } from 'zod';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { TCollectorAuth } from '../../platform/auth/guard.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import type { TInventoryService } from './inventory.service.ts';
import * as repo from './inventory.repo.ts';
import { toMilli } from './stock-math.ts';

type TInput = z.output<typeof ZCollectorMovementInput>;
export type TCollectorStockDeps = {
  inventory: Pick<TInventoryService, 'applyMovement' | 'get'>;
  collectionPoints: Pick<TCollectionPointsService, 'getPoint'>;
  employees: Pick<TEmployeesService, 'staffNames'>;
};

/** A phone clock may run a little fast; a movement dated further ahead than this is a wrong clock, not a record. */
const FUTURE_SLACK_MS = 24 * 3600_000;
const KIND: Record<'receive' | 'use', TMovementKind> = { receive: 'instock', use: 'usedstock' };

/**
 * Issue 34 item 4: a collection point's site phone records stock at its own place through inventory.applyMovement
 * (which refuses a row at any other place with 404): receipts, use and counts, each naming the employee who did it
 * and the phone's time. The phone's reference makes a replayed sync harmless.
 */
export const createCollectorStockService = ({ db }: TDeps, opts: TCollectorStockDeps) => {
  const pointOf = async (auth: TCollectorAuth) => {
    const point = await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId);
    if (!point) throw notFound('Collection point');
    return point;
  };

  const staffMember = async (auth: TCollectorAuth, employeeNumber: string) => {
    const [person] = await opts.employees.staffNames(auth, employeeNumber);
    if (!person) throw badRequest(`employeeNumber: no employee of this business has the number ${employeeNumber}`).as('collectorNoEmployee', { number: employeeNumber });
    return person;
  };

  const post = async (auth: TCollectorAuth, input: TInput, person: TCollectorStaff): Promise<TCollectorMovementResult> => {
    const deviceTime = new Date(input.deviceTime);
    // The row, seen as the collector sees it: 404 unless it is at the point's place (or connected to the point).
    const [seen, point] = await Promise.all([opts.inventory.get(auth, input.itemId), pointOf(auth)]);
    // The log names the phone that recorded it (its place and officer) apart from the employee who received or used it.
    const base = {
      itemId: seen._id, employeeNumber: person.employeeNumber, employeeName: person.name, actorName: `${point.tagName} · ${point.employeeName}`,
      tagName: seen.tagName, reference: input.reference, deviceTime, collectionPointId: auth.collectionPointId,
    };
    if (input.action !== 'count') {
      if (input.quantity <= 0) throw badRequest('quantity: must be more than 0').as('collectorQuantityPositive');
      const purpose = input.note || (input.action === 'use' ? `Used on site by ${person.name}` : `Received on site by ${person.name}`);
      const r = await db.transaction((tx) => opts.inventory.applyMovement(tx, auth, { ...base, kind: KIND[input.action as 'receive' | 'use'], quantityMilli: toMilli(input.quantity), purpose }));
      return { action: input.action, ...r };
    }
    return db.transaction(async (tx) => {
      const item = await repo.lockItem(tx, auth.businessId, seen._id);
      if (!item) throw notFound('Item');
      // A count sent again finds the adjustment its first sending posted, whichever way it went.
      for (const kind of ['adjustment_in', 'adjustment_out'] as const) {
        const done = await repo.findMovementByReference(tx, auth.businessId, item.id, kind, input.reference);
        if (done) return { action: input.action, movement: repo.toMovement(done), item: repo.toItem((await repo.findItem(tx, auth.businessId, item.id))!), isReplay: true };
      }
      const difference = toMilli(input.quantity) - toMilli(item.quantity);
      if (difference === 0) return { action: input.action, movement: null, item: repo.toItem((await repo.findItem(tx, auth.businessId, item.id))!), isReplay: false };
      const purpose = `Site count by ${person.name}${input.note ? `: ${input.note}` : ''}`;
      const r = await opts.inventory.applyMovement(tx, auth, { ...base, kind: difference > 0 ? 'adjustment_in' : 'adjustment_out', quantityMilli: Math.abs(difference), purpose });
      return { action: input.action, ...r };
    });
  };

  return {
    /** The site's staff list for the picker: the point's own employee first, then everyone by name (names and numbers only). */
    staff: async (auth: TCollectorAuth): Promise<TCollectorStaff[]> => {
      const [point, people] = await Promise.all([pointOf(auth), opts.employees.staffNames(auth)]);
      const own = people.find((p) => p.employeeNumber.toLowerCase() === point.employeeNumber.toLowerCase());
      return own ? [own, ...people.filter((p) => p !== own)] : people;
    },

    record: async (auth: TCollectorAuth, input: TInput): Promise<TCollectorMovementResult> => {
      if (new Date(input.deviceTime).getTime() > Date.now() + FUTURE_SLACK_MS) {
        throw badRequest('deviceTime: is more than a day ahead; check the phone\'s clock').as('collectorDeviceTimeAhead');
      }
      const person = await staffMember(auth, input.employeeNumber);
      try {
        return await post(auth, input, person);
      } catch (err) {
        // Two sendings of one queued movement at once: the second meets the first's reference; answer as a replay.
        if (!repo.isUniqueViolation(err, 'stock_movements_reference_uq')) throw err;
        return post(auth, input, person);
      }
    },
  };
};
export type TCollectorStockService = ReturnType<typeof createCollectorStockService>;
