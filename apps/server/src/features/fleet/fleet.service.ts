import { findFleetFigures } from './fleet-money.repo.ts';
import {
  INVENTORY_MSG, OPEN_END_DATE, type TAssignTruck, type TTruckManaged, type TTripInput, type TTrip, type TTruckDetail, type TTruckAvailability, type TAssetKind, type TFleet, type TFleetRequisition, type TFleetRequisitionInput, type TTruck, type TTruckEntry, type TTruckEntryInput, type TTruckInput, type TTruckState,
} from '@bizdesk/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TDueItem } from '../reminders/reminders.service.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import { addDays } from '../../platform/local-time.ts';
import { fuelFigures, hourFigures, serviceDue } from './fleet-figures.ts';
import { audit } from '../../platform/audit.ts';
import { majorToMinor } from '../../platform/money.ts';
import type { TApprovalsPort } from '../inventory/approvals-port.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import * as repo from './fleet.repo.ts';
import { localDate } from '../../platform/local-time.ts';

const SERVICE = 'fleet-requisition' as const;
/** A place from the list (TPlace, `_id`) or made from a typed name (a row, `id`). */
const placeIdOf = (p: { _id: string } | { id: string }) => ('_id' in p ? p._id : p.id);
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** Today in the business's time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now = new Date()) => localDate(now, timeZone);

/** A generator's fuel, from the energy tracker (set once the energy service exists). */
export type TGeneratorFuelPort = (db: DbOrTx, businessId: string, assetId: string) => Promise<Array<{ id: string; date: string; kind: string; quantity: string; runningHours: string | null; expenses: number }>>;

export const createFleetService = ({ db }: TDeps, opts: {
  approvals: TApprovalsPort; places: Pick<TPlacesService, 'get' | 'ensure'>; employees: Pick<TEmployeesService, 'getEmployee'>;
  /** The project cost ledger (issue 35): fuel and maintenance charged to a project or site are actual costs there. */
  ledger?: Pick<TLedgerService, 'replace'>;
}) => {
  let generatorFuel: TGeneratorFuelPort = async () => [];
  const toEntry = (e: repo.TTruckEntryRow): TTruckEntry => ({
    _id: e.id, truckId: e.truckId, kind: e.kind as TTruckEntry['kind'], date: e.date, endDate: e.endDate, litres: e.litres === null ? null : Number(e.litres),
    costMinor: e.cost, odometerKm: e.odometerKm, note: e.note, createdAt: e.createdAt.toISOString(), isService: e.isService,
  });

  /** The driver's name, or a field-named refusal when the id is not an employee of this business. */
  const driverName = async (tx: DbOrTx, auth: TUserAuth, id: string | null, field = 'driverEmployeeId') => {
    if (!id) return null;
    try {
      const e = await opts.employees.getEmployee(tx, auth, id);
      return `${e.firstName} ${e.lastName}`;
    } catch {
      throw badRequest(`${field}: choose an employee of this business`);
    }
  };
  const namesOf = async (tx: DbOrTx, auth: TUserAuth, ids: Array<string | null>) => {
    const map = new Map<string, string>();
    for (const id of new Set(ids.filter((i): i is string => Boolean(i)))) {
      map.set(id, await driverName(tx, auth, id).catch(() => 'Former employee') ?? '');
    }
    return map;
  };

  const trucksOf = async (tx: DbOrTx, auth: TUserAuth): Promise<TTruck[]> => {
    const today = todayIn(auth.timeZone);
    const [rows, entries, bookings, reads] = await Promise.all([
      repo.findTrucks(tx, auth.businessId), repo.findEntries(tx, auth.businessId), repo.findBookingsFrom(tx, auth.businessId, today), repo.readings(tx, auth.businessId),
    ]);
    const names = await namesOf(tx, auth, rows.map((t) => t.driverEmployeeId));
    return rows.map((t) => {
      const mine = entries.filter((e) => e.truckId === t.id);
      const maintenance = mine.find((e) => e.kind === 'maintenance' && e.date <= today && (e.endDate ?? e.date) >= today);
      const state: TTruckState = maintenance ? 'in maintenance' : t.assignedTagName ? 'assigned' : 'free';
      const odometerKm = reads.get(t.id) ?? t.lastServiceKm ?? null;
      return {
        kind: t.kind as TAssetKind, driverEmployeeId: t.driverEmployeeId, driverName: t.driverEmployeeId ? names.get(t.driverEmployeeId) ?? null : null,
        driverLicenceExpiry: t.driverLicenceExpiry, insuranceExpiry: t.insuranceExpiry, roadworthinessExpiry: t.roadworthinessExpiry, hackneyPermitExpiry: t.hackneyPermitExpiry,
        serviceIntervalKm: t.serviceIntervalKm, serviceIntervalMonths: t.serviceIntervalMonths, lastServiceDate: t.lastServiceDate, lastServiceKm: t.lastServiceKm,
        odometerKm, serviceDue: serviceDue({ ...t, createdDate: todayIn(auth.timeZone, t.createdAt) }, odometerKm, today),
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

  /** A reading lower than the truck's last one is refused, naming the last reading. */
  const assertReading = async (tx: DbOrTx, truckId: string, km: number, field: string) => {
    const last = await repo.lastReading(tx, truckId);
    if (last && km < last.km) {
      throw badRequest(`${field}: ${km.toLocaleString('en')} km is lower than the last reading, ${last.km.toLocaleString('en')} km on ${last.date}`);
    }
  };

  const withFigures = (rows: repo.TTruckEntryRow[]) => {
    const figures = fuelFigures(rows.filter((e) => e.kind === 'fuel'));
    return {
      entries: rows.map((e) => ({ ...toEntry(e), kmSincePrevious: figures.per.get(e.id)?.kmSincePrevious ?? null, kmPerLitre: figures.per.get(e.id)?.kmPerLitre ?? null, costPerKmMinor: figures.per.get(e.id)?.costPerKmMinor ?? null })),
      kmPerLitre: figures.kmPerLitre, costPerKmMinor: figures.costPerKmMinor,
    };
  };

  const tripsOf = async (tx: DbOrTx, auth: TUserAuth, rows: Array<typeof import('../../db/schema/index.ts').truckTrips.$inferSelect>): Promise<TTrip[]> => {
    const names = await namesOf(tx, auth, rows.map((r) => r.driverEmployeeId));
    const places = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.placeId).filter((i): i is string => Boolean(i)))) places.set(id, (await opts.places.get(auth.businessId, id, tx))?.name ?? '');
    return rows.map((r) => ({
      _id: r.id, truckId: r.truckId, date: r.date, driverEmployeeId: r.driverEmployeeId, driverName: r.driverEmployeeId ? names.get(r.driverEmployeeId) ?? null : null,
      from: r.fromText, to: r.toText, placeId: r.placeId, placeName: r.placeId ? places.get(r.placeId) ?? null : null,
      startKm: r.startKm, endKm: r.endKm, purpose: r.purpose, createdAt: r.createdAt.toISOString(),
    }));
  };

  /** The managed fields present in the input (absent = unchanged). */
  const managed = (input: TTruckManaged) => {
    const keys = ['driverEmployeeId', 'driverLicenceExpiry', 'insuranceExpiry', 'roadworthinessExpiry', 'hackneyPermitExpiry', 'serviceIntervalKm', 'serviceIntervalMonths', 'lastServiceDate', 'lastServiceKm'] as const;
    return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as Partial<typeof import('../../db/schema/index.ts').trucks.$inferInsert>;
  };

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
        await driverName(tx, auth, input.driverEmployeeId ?? null);
        const row = await repo.createTruck(tx, {
          businessId: auth.businessId, plateNumber: input.plateNumber.toUpperCase(), model: input.model, capacity: input.capacity, fuelType: input.fuelType,
          kind: input.kind ?? 'truck', ...managed(input),
        });
        await audit(tx, auth, 'truck.created', { entity: 'truck', entityId: row.id, after: row });
        return (await trucksOf(tx, auth)).find((t) => t._id === row.id)!;
      }).catch(plateClash);
    },

    /** The fleet manager's fields of a truck: driver, papers, service schedule (absent = unchanged, null = cleared). */
    updateTruck: async (auth: TUserAuth, id: string, input: TTruckManaged) =>
      db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, id);
        if (!truck) throw notFound('Truck');
        if (input.driverEmployeeId) await driverName(tx, auth, input.driverEmployeeId);
        const patch = managed(input);
        const after = Object.keys(patch).length ? await repo.updateTruck(tx, auth.businessId, id, patch) : truck;
        await audit(tx, auth, 'truck.updated', { entity: 'truck', entityId: id, before: truck, after });
        return (await trucksOf(tx, auth)).find((t) => t._id === id)!;
      }),

    /**
     * add-truck: an assignment is a booking (issue 34) made by the owner or an approver, with the requisitions' clash
     * rules: refused when the truck is booked for overlapping dates or in maintenance, naming the clash. Without dates
     * it starts today and runs until released (end OPEN_END_DATE). Release ends the open booking today.
     */
    assignTruck: async (auth: TUserAuth, input: TAssignTruck) => {
      if (!hasRole(auth, 'Approvals-access')) throw forbidden('Only the owner or an approver of fleet requisitions may assign a truck to a project');
      return db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, input.truckId);
        if (!truck) throw notFound('Truck');
        const today = todayIn(auth.timeZone);
        if (input.release) {
          const open = await repo.findOpenBooking(tx, truck.id, OPEN_END_DATE);
          // The open booking ends yesterday (the truck is free from today); one not yet begun is dropped.
          if (open && open.startDate < today) await repo.updateRequisition(tx, auth.businessId, open.id, { endDate: addDays(today, -1) });
          else if (open) await repo.updateRequisition(tx, auth.businessId, open.id, { status: 'rejected', decidedAt: new Date() });
          await repo.updateTruck(tx, auth.businessId, truck.id, { assignedTagName: null, assignedPlaceId: null, assignedAt: null });
          await audit(tx, auth, 'truck.released', { entity: 'truck', entityId: truck.id, before: { assignedTagName: truck.assignedTagName }, after: { assignedTagName: null } });
          return { truck: (await trucksOf(tx, auth)).find((t) => t._id === truck.id)!, message: INVENTORY_MSG.truckReleased };
        }
        const chosen = input.placeId ? await opts.places.get(auth.businessId, input.placeId, tx) : undefined;
        if (input.placeId && !chosen) throw notFound('Place');
        const place = chosen ?? await opts.places.ensure(tx, auth.businessId, input.tagName!, 'project');
        const startDate = input.startDate ?? today;
        const endDate = input.endDate ?? OPEN_END_DATE;
        const booking = await repo.createRequisition(tx, {
          businessId: auth.businessId, tagName: place.name, placeId: placeIdOf(place), purpose: `Assigned to ${place.name}`, destination: '',
          startDate, endDate, requestedBy: auth.userName, status: 'pending', truckId: truck.id,
        });
        await assertFree(tx, truck, booking);
        await repo.updateRequisition(tx, auth.businessId, booking.id, { status: 'approved', decidedAt: new Date() });
        const isNow = startDate <= today;
        if (isNow) await repo.updateTruck(tx, auth.businessId, truck.id, { assignedTagName: place.name, assignedPlaceId: placeIdOf(place), assignedAt: new Date() });
        await audit(tx, auth, 'truck.assigned', {
          entity: 'truck', entityId: truck.id, before: { assignedTagName: truck.assignedTagName }, after: { assignedTagName: place.name, bookingId: booking.id, startDate, endDate },
        });
        return { truck: (await trucksOf(tx, auth)).find((t) => t._id === truck.id)!, message: INVENTORY_MSG.truckAssigned };
      });
    },

    /** The picker: each truck's state for the chosen dates (Free / Booked for <project> until <date> / In maintenance). */
    availability: async (auth: TUserAuth, q: { startDate: string; endDate: string }): Promise<TTruckAvailability[]> => {
      const [rows, bookings, repairs] = await Promise.all([
        repo.findTrucks(db, auth.businessId), repo.findBookingsOverlapping(db, auth.businessId, q.startDate, q.endDate),
        repo.findMaintenanceOverlappingAll(db, auth.businessId, q.startDate, q.endDate),
      ]);
      return rows.filter((t) => t.kind === 'truck').map((t) => {
        const repair = repairs.find((e) => e.truckId === t.id);
        if (repair) return { truckId: t.id, plateNumber: t.plateNumber, model: t.model, state: 'in maintenance' as const, project: null, from: repair.date, until: repair.endDate ?? repair.date };
        const booked = bookings.find((b) => b.truckId === t.id);
        if (booked) return { truckId: t.id, plateNumber: t.plateNumber, model: t.model, state: 'booked' as const, project: booked.tagName, from: booked.startDate, until: booked.endDate };
        return { truckId: t.id, plateNumber: t.plateNumber, model: t.model, state: 'free' as const, project: null, from: null, until: null };
      });
    },

    /** The dashboard's trucks out today: assigned to a project, or on a booking that has started. */
    /** Truck costs per kind for the analyst (issue 35, lane costrecs). */
    analystFigures: async (auth: TUserAuth) => findFleetFigures(db, auth.businessId),

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
        if (input.odometerKm !== undefined) await assertReading(tx, truck.id, input.odometerKm, 'odometerKm');
        const isService = input.kind === 'maintenance' && input.isService === true;
        const charged = input.placeId ? await opts.places.get(auth.businessId, input.placeId, tx) : undefined;
        if (input.placeId && !charged) throw notFound('placeId: place');
        const placeId = charged?._id ?? truck.assignedPlaceId ?? null;
        const row = await repo.createEntry(tx, {
          placeId,
          businessId: auth.businessId, truckId: truck.id, kind: input.kind, date: input.date, endDate: input.kind === 'maintenance' ? input.endDate ?? null : null,
          litres: input.litres === undefined ? null : String(input.litres), cost, odometerKm: input.odometerKm ?? null, note: input.note ?? '', recordedBy: auth.userId, isService,
        });
        // The scheduled service restarts the schedule from this date and reading.
        if (isService && (!truck.lastServiceDate || input.date >= truck.lastServiceDate)) {
          await repo.updateTruck(tx, auth.businessId, truck.id, { lastServiceDate: input.date, lastServiceKm: input.odometerKm ?? truck.lastServiceKm });
        }
        // Issue 35: the cost is charged to the place (a store or none puts nothing on a project).
        await opts.ledger?.replace(tx, auth.businessId, { kind: input.kind === 'fuel' ? 'fleet-fuel' : 'fleet-maintenance', id: row.id }, [{
          placeId, category: input.kind === 'fuel' ? 'plant-fuel' : 'transport', stage: 'actual', amountMinor: cost, date: input.date,
          description: `${input.kind === 'fuel' ? 'Fuel' : 'Maintenance'} ${truck.plateNumber}${input.note ? ` — ${input.note}` : ''}`, reference: truck.plateNumber,
        }]);
        await audit(tx, auth, `truck.${input.kind}`, { entity: 'truck', entityId: truck.id, after: row });
        return toEntry(row);
      });
    },

    entries: async (auth: TUserAuth, truckId: string) => {
      const trucks = await repo.findTrucks(db, auth.businessId);
      if (!trucks.some((t) => t.id === truckId)) throw notFound('Truck');
      return withFigures(await repo.findEntries(db, auth.businessId, truckId)).entries;
    },

    /** A trip: readings at start and end, never below the truck's last reading. */
    addTrip: async (auth: TUserAuth, input: TTripInput): Promise<TTrip> =>
      db.transaction(async (tx) => {
        const truck = await repo.lockTruck(tx, auth.businessId, input.truckId);
        if (!truck) throw notFound('Truck');
        await assertReading(tx, truck.id, input.startKm, 'startKm');
        const driver = input.driverEmployeeId ?? truck.driverEmployeeId;
        await driverName(tx, auth, driver);
        const place = input.placeId ? await opts.places.get(auth.businessId, input.placeId, tx) : undefined;
        if (input.placeId && !place) throw notFound('Place');
        const row = await repo.createTrip(tx, {
          businessId: auth.businessId, truckId: truck.id, date: input.date, driverEmployeeId: driver, fromText: input.from ?? '', toText: input.to ?? place?.name ?? '',
          placeId: place ? placeIdOf(place) : null, startKm: input.startKm, endKm: input.endKm, purpose: input.purpose ?? '', recordedBy: auth.userId,
        });
        await audit(tx, auth, 'truck-trip.created', { entity: 'truck-trip', entityId: row.id, after: row });
        return (await tripsOf(tx, auth, [row]))[0];
      }),

    /** The truck page: bookings, trips, fuel and maintenance with km/l and cost per km, service due, papers. */
    detail: async (auth: TUserAuth, id: string): Promise<TTruckDetail> => {
      const truck = (await trucksOf(db, auth)).find((t) => t._id === id);
      if (!truck) throw notFound('Truck');
      const [entries, trips, bookings, fuel] = await Promise.all([
        repo.findEntries(db, auth.businessId, id), repo.findTrips(db, auth.businessId, id), repo.findTruckBookings(db, auth.businessId, id),
        truck.kind === 'generator' ? generatorFuel(db, auth.businessId, id) : Promise.resolve([]),
      ]);
      const figures = withFigures(entries);
      const hours = hourFigures(fuel);
      return {
        truck, entries: figures.entries, kmPerLitre: figures.kmPerLitre, costPerKmMinor: figures.costPerKmMinor,
        trips: await tripsOf(db, auth, trips), bookings: await requisitionsOf(db, auth, bookings),
        generatorFuel: fuel.map((f) => ({
          _id: f.id, date: f.date, kind: f.kind, quantity: Number(f.quantity), runningHours: f.runningHours === null ? null : Number(f.runningHours), expensesMinor: f.expenses,
          hoursSincePrevious: hours.per.get(f.id)?.hoursSincePrevious ?? null, litresPerHour: hours.per.get(f.id)?.litresPerHour ?? null,
        })).reverse(),
        litresPerHour: hours.litresPerHour,
      };
    },

    /** The energy tracker names a generator: it must be this business's asset of kind generator. */
    isGenerator: async (tx: DbOrTx, businessId: string, assetId: string) => (await repo.findTrucks(tx, businessId)).some((t) => t.id === assetId && t.kind === 'generator'),
    useGeneratorFuel: (port: TGeneratorFuelPort) => {
      generatorFuel = port;
    },

    /** The reminders source (issue 34): service due, papers and the driver's licence, for the dashboard card. */
    dueItems: async (tx: DbOrTx, businessId: string, from: string, to: string): Promise<TDueItem[]> => {
      const [rows, reads] = await Promise.all([repo.findTrucks(tx, businessId), repo.readings(tx, businessId)]);
      const items: TDueItem[] = [];
      // Overdue papers and services stay on the card as due today until dealt with (fleet-decisions.md).
      const at = (date: string) => (date < from ? from : date);
      for (const t of rows) {
        const link = { screen: 'truck' as const, id: t.id };
        const push = (kind: TDueItem['kind'], date: string | null, detail: string | null = null) => {
          if (date && at(date) <= to) items.push({ key: `${t.id}:${kind}`, kind, date: at(date), employeeId: null, name: t.plateNumber, detail, link });
        };
        push('insurance-expiry', t.insuranceExpiry);
        push('roadworthiness-expiry', t.roadworthinessExpiry);
        push('hackney-permit-expiry', t.hackneyPermitExpiry);
        push('licence-expiry', t.driverLicenceExpiry);
        const odometerKm = reads.get(t.id) ?? t.lastServiceKm ?? null;
        const due = serviceDue({ ...t, createdDate: t.createdAt.toISOString().slice(0, 10) }, odometerKm, from);
        if (due) {
          // By km: due now once the reading reaches it (within 500 km shows today as well).
          const byKm = due.dueKm !== null && odometerKm !== null && odometerKm + 500 >= due.dueKm;
          const date = byKm ? from : due.dueDate;
          push('service-due', date, due.dueKm !== null ? `${due.dueKm} km` : null);
        }
      }
      return items;
    },

    createRequisition: async (auth: TUserAuth, input: TFleetRequisitionInput) => {
      if (input.email) assertBusinessEmail(auth, input.email);
      return db.transaction(async (tx) => {
        const chosen = input.placeId ? await opts.places.get(auth.businessId, input.placeId, tx) : undefined;
        if (input.placeId && !chosen) throw notFound('Place');
        const place = chosen ?? await opts.places.ensure(tx, auth.businessId, input.tagName, 'project');
        const row = await repo.createRequisition(tx, {
          businessId: auth.businessId, tagName: place.name, placeId: placeIdOf(place), purpose: input.purpose, destination: input.destination ?? '',
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
