import {
  INVENTORY_MSG, type TAssignTruck, type TFleet, type TFleetRequisition, type TFleetRequisitionInput, type TTruck, type TTruckEntry, type TTruckEntryInput, type TTruckInput, type TTruckState,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { majorToMinor } from '../../platform/money.ts';
import type { TApprovalsPort } from '../inventory/approvals-port.ts';
import * as repo from './fleet.repo.ts';

const SERVICE = 'fleet-requisition' as const;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** Today in the business's time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const createFleetService = ({ db }: TDeps, opts: { approvals: TApprovalsPort }) => {
  const toEntry = (e: repo.TTruckEntryRow): TTruckEntry => ({
    _id: e.id, truckId: e.truckId, kind: e.kind as TTruckEntry['kind'], date: e.date, endDate: e.endDate, litres: e.litres === null ? null : Number(e.litres),
    costMinor: e.cost, odometerKm: e.odometerKm, note: e.note, createdAt: e.createdAt.toISOString(),
  });

  const trucksOf = async (tx: DbOrTx, auth: TUserAuth): Promise<TTruck[]> => {
    const today = todayIn(auth.timeZone);
    const [rows, entries, bookings] = await Promise.all([repo.findTrucks(tx, auth.businessId), repo.findEntries(tx, auth.businessId), repo.findBookingsFrom(tx, auth.businessId, today)]);
    return rows.map((t) => {
      const mine = entries.filter((e) => e.truckId === t.id);
      const maintenance = mine.find((e) => e.kind === 'maintenance' && e.date <= today && (e.endDate ?? e.date) >= today);
      const state: TTruckState = maintenance ? 'in maintenance' : t.assignedTagName ? 'assigned' : 'free';
      return {
        _id: t.id, plateNumber: t.plateNumber, model: t.model, capacity: t.capacity, fuelType: t.fuelType as TTruck['fuelType'], state,
        assignedTagName: t.assignedTagName, maintenanceUntil: maintenance ? maintenance.endDate ?? maintenance.date : null,
        bookings: bookings.filter((b) => b.truckId === t.id).map((b) => ({ requisitionId: b.id, tagName: b.tagName, startDate: b.startDate, endDate: b.endDate })),
        fuelCostMinor: mine.filter((e) => e.kind === 'fuel').reduce((s, e) => s + e.cost, 0),
        maintenanceCostMinor: mine.filter((e) => e.kind === 'maintenance').reduce((s, e) => s + e.cost, 0),
        createdAt: t.createdAt.toISOString(),
      };
    });
  };

  const requisitionsOf = async (tx: DbOrTx, auth: TUserAuth, rows: repo.TFleetRequisitionRow[]): Promise<TFleetRequisition[]> => {
    const trucks = await repo.findTrucks(tx, auth.businessId);
    const states = await Promise.all(rows.map((r) => opts.approvals.statusOf(tx as Tx, auth.businessId, SERVICE, r.id)));
    return rows.map((r, i) => ({
      _id: r.id, tagName: r.tagName, purpose: r.purpose, destination: r.destination, startDate: r.startDate, endDate: r.endDate,
      requestedBy: r.requestedBy, status: r.status as TFleetRequisition['status'], truckId: r.truckId,
      plateNumber: trucks.find((t) => t.id === r.truckId)?.plateNumber ?? null,
      approvals: states[i]?.approvals ?? (r.status === 'approved' ? 1 : 0), approvalsRequired: states[i]?.totalApprovalsRequired ?? 1,
      createdAt: r.createdAt.toISOString(),
    }));
  };

  /** The truck must be free for the whole period: not on another project, not in maintenance, not booked. */
  const assertFree = async (tx: DbOrTx, truck: repo.TTruckRow, req: repo.TFleetRequisitionRow) => {
    if (truck.assignedTagName && !sameText(truck.assignedTagName, req.tagName)) {
      throw conflict(`Truck ${truck.plateNumber} is assigned to project ${truck.assignedTagName}; release it or choose another truck`).as('truckAssigned', { plate: truck.plateNumber, project: truck.assignedTagName! });
    }
    const [repair] = await repo.findMaintenanceOverlapping(tx, truck.id, req.startDate, req.endDate);
    if (repair) throw conflict(`Truck ${truck.plateNumber} is in maintenance from ${repair.date} to ${repair.endDate ?? repair.date}; choose another truck`).as('truckInMaintenance', { plate: truck.plateNumber, from: repair.date, to: repair.endDate ?? repair.date });
    const [clash] = await repo.findClashingBookings(tx, truck.id, req.startDate, req.endDate, req.id);
    if (clash) {
      throw conflict(`Truck ${truck.plateNumber} is already booked from ${clash.startDate} to ${clash.endDate} for ${clash.tagName} (${clash.purpose}); choose another truck or other dates`).as('truckBooked', { plate: truck.plateNumber, from: clash.startDate, to: clash.endDate, project: clash.tagName, purpose: clash.purpose });
    }
  };

  /** approve-requisition/{id} and the inbox: the caller's approval with the truck to book; the last approval needed books it. */
  const approveRequisition = async (auth: TUserAuth, requisitionId: string, truckId: string, reason?: string | null) =>
    db.transaction(async (tx) => {
      const req = await repo.getRequisition(tx, auth.businessId, requisitionId, { forUpdate: true });
      if (!req) throw notFound('Fleet requisition');
      if (req.status !== 'pending') throw conflict(`This fleet requisition is already ${req.status}`);
      const truck = await repo.lockTruck(tx, auth.businessId, truckId);
      if (!truck) throw notFound('Truck');
      await assertFree(tx, truck, req);
      await repo.updateRequisition(tx, auth.businessId, req.id, { truckId: truck.id });
      const { request } = await opts.approvals.decide(tx, auth, { service: SERVICE, subjectId: req.id, decision: 'approved', reason: reason ?? null });
      const row = (await repo.getRequisition(tx, auth.businessId, req.id))!;
      return { requisition: (await requisitionsOf(tx, auth, [row]))[0], isFinal: request.status === 'approved' };
    });

  /** The approver reads the requisition and picks among the trucks free today (the approval checks the whole period). */
  opts.approvals.describeSubject(SERVICE, async (auth, subjectId) => {
    const row = await repo.getRequisition(db, auth.businessId, subjectId);
    if (!row) return null;
    const freeTrucks = (await trucksOf(db, auth)).filter((t) => t.state === 'free' || (t.state === 'assigned' && sameText(t.assignedTagName ?? '', row.tagName)));
    return { kind: SERVICE, requisition: (await requisitionsOf(db, auth, [row]))[0], freeTrucks };
  });
  opts.approvals.decideWith(SERVICE, async (auth, subjectId, input) => {
    if (input.decision === 'approved' && input.truckId) return approveRequisition(auth, subjectId, input.truckId, input.comment);
    return db.transaction((tx) => opts.approvals.decide(tx, auth, { service: SERVICE, subjectId, decision: input.decision, reason: input.comment ?? null }));
  });

  opts.approvals.onDecided(SERVICE, async (tx, request, auth) => {
    const req = await repo.getRequisition(tx, auth.businessId, request.subjectId, { forUpdate: true });
    if (!req || req.status !== 'pending') return;
    if (request.status !== 'approved') {
      await repo.updateRequisition(tx, auth.businessId, req.id, { status: 'rejected', decidedAt: new Date() });
      return;
    }
    if (!req.truckId) throw conflict('Choose a truck for this requisition before the last approval').as('chooseTruck');
    const truck = await repo.lockTruck(tx, auth.businessId, req.truckId);
    if (!truck) throw notFound('Truck');
    await assertFree(tx, truck, req);
    await repo.updateRequisition(tx, auth.businessId, req.id, { status: 'approved', decidedAt: new Date() });
    await audit(tx, auth, 'fleet-requisition.approved', { entity: 'fleet-requisition', entityId: req.id, after: { truckId: truck.id, plateNumber: truck.plateNumber, startDate: req.startDate, endDate: req.endDate } });
  });

  const plateClash = (err: unknown): never => {
    if (repo.isUniqueViolation(err, 'trucks_business_plate_uq')) throw conflict('A truck with this plate number is already in the fleet').as('plateTaken');
    throw err;
  };

  return {
    /** The top-bar search (issue 30): trucks by plate or model. */
    search: async (auth: TUserAuth, text: string, limit: number) => found(await repo.searchTrucks(db, auth.businessId, text, limit), limit),

    createTruck: async (auth: TUserAuth, input: TTruckInput) => {
      if (input.email) assertBusinessEmail(auth, input.email);
      return db.transaction(async (tx) => {
        const row = await repo.createTruck(tx, { businessId: auth.businessId, plateNumber: input.plateNumber.toUpperCase(), model: input.model, capacity: input.capacity, fuelType: input.fuelType });
        await audit(tx, auth, 'truck.created', { entity: 'truck', entityId: row.id, after: row });
        return (await trucksOf(tx, auth)).find((t) => t._id === row.id)!;
      }).catch(plateClash);
    },

    /** add-truck: assigns a truck to a project, or releases it (tagName null). */
    assignTruck: async (auth: TUserAuth, input: TAssignTruck) =>
      db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, input.truckId);
        if (!truck) throw notFound('Truck');
        if (input.tagName && truck.assignedTagName && !sameText(truck.assignedTagName, input.tagName)) {
          throw conflict(`Truck ${truck.plateNumber} is already assigned to project ${truck.assignedTagName}; release it first`).as('truckAlreadyAssigned', { plate: truck.plateNumber, project: truck.assignedTagName! });
        }
        await repo.updateTruck(tx, auth.businessId, truck.id, { assignedTagName: input.tagName ?? null, assignedAt: input.tagName ? new Date() : null });
        await audit(tx, auth, input.tagName ? 'truck.assigned' : 'truck.released', { entity: 'truck', entityId: truck.id, before: { assignedTagName: truck.assignedTagName }, after: { assignedTagName: input.tagName ?? null } });
        return { truck: (await trucksOf(tx, auth)).find((t) => t._id === truck.id)!, message: input.tagName ? INVENTORY_MSG.truckAssigned : INVENTORY_MSG.truckReleased };
      }),

    /** The dashboard's trucks out today: assigned to a project, or on a booking that has started. */
    countTrucksOut: async (auth: TUserAuth) => {
      const today = todayIn(auth.timeZone);
      return (await trucksOf(db, auth)).filter((t) => t.state === 'assigned' || t.bookings.some((b) => b.startDate <= today)).length;
    },

    fleet: async (auth: TUserAuth, email: string): Promise<TFleet> => {
      assertBusinessEmail(auth, email);
      return { trucks: await trucksOf(db, auth), requisitions: await requisitionsOf(db, auth, await repo.findRequisitions(db, auth.businessId)) };
    },

    /** Refused while the truck is assigned or has a booking not yet ended; its history stays. */
    deleteTruck: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, id);
        if (!truck) throw notFound('Truck');
        if (truck.assignedTagName) throw conflict(`Truck ${truck.plateNumber} is assigned to project ${truck.assignedTagName}; release it before removing it`).as('truckAssignedRemove', { plate: truck.plateNumber, project: truck.assignedTagName });
        const upcoming = (await repo.findBookingsFrom(tx, auth.businessId, todayIn(auth.timeZone))).find((b) => b.truckId === id);
        if (upcoming) throw conflict(`Truck ${truck.plateNumber} is booked from ${upcoming.startDate} to ${upcoming.endDate} for ${upcoming.tagName}; it cannot be removed before that ends`).as('truckBookedRemove', { plate: truck.plateNumber, from: upcoming.startDate, to: upcoming.endDate, project: upcoming.tagName });
        await repo.updateTruck(tx, auth.businessId, id, { deletedAt: new Date() });
        await audit(tx, auth, 'truck.deleted', { entity: 'truck', entityId: id, before: truck });
        return { _id: id };
      }),

    addEntry: async (auth: TUserAuth, input: TTruckEntryInput) => {
      const cost = majorToMinor(input.cost, 'cost');
      return db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, input.truckId);
        if (!truck) throw notFound('Truck');
        const row = await repo.createEntry(tx, {
          businessId: auth.businessId, truckId: truck.id, kind: input.kind, date: input.date, endDate: input.kind === 'maintenance' ? input.endDate ?? null : null,
          litres: input.litres === undefined ? null : String(input.litres), cost, odometerKm: input.odometerKm ?? null, note: input.note ?? '', recordedBy: auth.userId,
        });
        await audit(tx, auth, `truck.${input.kind}`, { entity: 'truck', entityId: truck.id, after: row });
        return toEntry(row);
      });
    },

    entries: async (auth: TUserAuth, truckId: string) => {
      const trucks = await repo.findTrucks(db, auth.businessId);
      if (!trucks.some((t) => t.id === truckId)) throw notFound('Truck');
      return (await repo.findEntries(db, auth.businessId, truckId)).map(toEntry);
    },

    createRequisition: async (auth: TUserAuth, input: TFleetRequisitionInput) => {
      if (input.email) assertBusinessEmail(auth, input.email);
      return db.transaction(async (tx) => {
        const row = await repo.createRequisition(tx, {
          businessId: auth.businessId, tagName: input.tagName, purpose: input.purpose, destination: input.destination ?? '',
          startDate: input.startDate, endDate: input.endDate, requestedBy: auth.userName,
        });
        await opts.approvals.request(tx, auth, { service: SERVICE, subjectId: row.id, title: `a truck for ${input.tagName} from ${input.startDate} to ${input.endDate}` });
        await audit(tx, auth, 'fleet-requisition.created', { entity: 'fleet-requisition', entityId: row.id, after: row });
        return (await requisitionsOf(tx, auth, [row]))[0];
      });
    },

    approveRequisition: (auth: TUserAuth, requisitionId: string, truckId: string) => approveRequisition(auth, requisitionId, truckId),
  };
};
export type TFleetService = ReturnType<typeof createFleetService>;
