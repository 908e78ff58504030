import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName } from './common.ts';
import { ZMajorAmount } from './employees.ts';
import { ZQuantity, ZTagName } from './inventory.ts';

export const FUEL_TYPES = ['diesel', 'petrol', 'gas', 'electric', 'hybrid'] as const;
export const TRUCK_STATES = ['free', 'assigned', 'in maintenance'] as const;
export type TTruckState = (typeof TRUCK_STATES)[number];

export const ASSET_KINDS = ['truck', 'generator'] as const;
export type TAssetKind = (typeof ASSET_KINDS)[number];
const ZKm = z.number().int('must be a whole number').min(0, 'must not be negative').max(10_000_000, 'must be at most 10,000,000');

/** What a fleet manager keeps per truck (issue 34): driver, papers, service schedule. All optional; null clears. */
export const ZTruckManaged = z.object({
  driverEmployeeId: ZId.nullable().optional().describe('the driver, an employee of the business'),
  driverLicenceExpiry: ZDate.nullable().optional().describe("the driver's licence expiry, kept with this driver assignment"),
  insuranceExpiry: ZDate.nullable().optional(),
  roadworthinessExpiry: ZDate.nullable().optional(),
  hackneyPermitExpiry: ZDate.nullable().optional(),
  serviceIntervalKm: z.number().int('must be a whole number').min(100, 'must be at least 100').max(1_000_000, 'must be at most 1,000,000').nullable().optional(),
  serviceIntervalMonths: z.number().int('must be a whole number').min(1, 'must be at least 1').max(60, 'must be at most 60').nullable().optional(),
  lastServiceDate: ZDate.nullable().optional().describe('the last service before the truck was recorded here'),
  lastServiceKm: ZKm.nullable().optional(),
});
export type TTruckManaged = z.infer<typeof ZTruckManaged>;
/** PUT /fleet/trucks/{id}: at least one managed field. */
export const ZTruckUpdate = ZTruckManaged.refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');

export const ZTruckInput = ZTruckManaged.extend({
  email: ZEmail.optional(),
  kind: z.enum(ASSET_KINDS, { message: 'must be truck or generator' }).optional().describe('default truck; a generator keeps running hours'),
  plateNumber: z.string().trim().min(2, 'must be at least 2 characters').max(20, 'must be at most 20 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'may contain only letters, digits, spaces and -'),
  model: ZName(80),
  capacity: ZName(40).describe('e.g. 30 tonnes, 33,000 litres'),
  fuelType: z.enum(FUEL_TYPES, { message: `must be one of: ${FUEL_TYPES.join(', ')}` }),
});
export type TTruckInput = z.infer<typeof ZTruckInput>;

/**
 * add-truck: assign a truck to a project (a booking the owner or an approver makes, refused on a clash), or release it.
 * Without dates the booking starts today and runs until the truck is released.
 */
export const ZAssignTruck = z.object({
  truckId: ZId,
  tagName: ZTagName.optional(),
  placeId: ZId.optional().describe('the project or site chosen from the list (tagName is then its name)'),
  startDate: ZDate.optional(),
  endDate: ZDate.optional(),
  release: z.literal(true, { message: 'must be true' }).optional().describe('true releases the truck from its project'),
}).refine((v) => Boolean(v.tagName || v.placeId) !== Boolean(v.release), 'send either tagName or release: true')
  .refine((v) => !v.endDate || !v.startDate || v.endDate >= v.startDate, { message: 'must not be before the start date', path: ['endDate'] });
export type TAssignTruck = z.infer<typeof ZAssignTruck>;

/** An open-ended booking (an assignment until released) ends on this day. */
export const OPEN_END_DATE = '9999-12-31';
export const ZTruckBooking = z.object({ requisitionId: ZId, tagName: z.string(), startDate: z.string(), endDate: z.string() });
export const ZServiceDue = z.object({
  dueKm: z.number().int().nullable(), dueDate: z.string().nullable(),
  isDue: z.boolean().describe('due now: the reading has reached dueKm or today has reached dueDate'),
});
export type TServiceDue = z.infer<typeof ZServiceDue>;
export const ZTruck = z.object({
  _id: ZId,
  kind: z.enum(ASSET_KINDS),
  driverEmployeeId: ZId.nullable(),
  driverName: z.string().nullable(),
  driverLicenceExpiry: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  roadworthinessExpiry: z.string().nullable(),
  hackneyPermitExpiry: z.string().nullable(),
  serviceIntervalKm: z.number().int().nullable(),
  serviceIntervalMonths: z.number().int().nullable(),
  lastServiceDate: z.string().nullable(),
  lastServiceKm: z.number().int().nullable(),
  odometerKm: z.number().int().nullable().describe('the highest reading recorded (fuel, service or trip)'),
  serviceDue: ZServiceDue.nullable(),
  plateNumber: z.string(),
  model: z.string(),
  capacity: z.string(),
  fuelType: z.enum(FUEL_TYPES),
  state: z.enum(TRUCK_STATES),
  assignedTagName: z.string().nullable(),
  maintenanceUntil: z.string().nullable(),
  bookings: z.array(ZTruckBooking).describe('approved bookings that have not ended'),
  fuelCostMinor: z.number().int(),
  maintenanceCostMinor: z.number().int(),
  createdAt: z.string(),
});
export type TTruck = z.infer<typeof ZTruck>;

export const TRUCK_ENTRY_KINDS = ['fuel', 'maintenance'] as const;
export const ZTruckEntryInput = z.object({
  truckId: ZId,
  kind: z.enum(TRUCK_ENTRY_KINDS, { message: 'must be fuel or maintenance' }),
  date: ZDate,
  endDate: ZDate.optional().describe('maintenance: the last day the truck is off the road'),
  litres: ZQuantity.optional(),
  cost: ZMajorAmount,
  odometerKm: ZKm.optional().describe('never lower than the last reading of the truck'),
  isService: z.boolean().optional().describe('maintenance: this is the scheduled service (restarts the schedule)'),
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  placeId: ZId.nullish().describe('the project or site the cost is charged to (issue 35); empty = the truck\'s assigned place'),
}).refine((v) => !v.endDate || v.endDate >= v.date, { message: 'must not be before the start date', path: ['endDate'] });
export type TTruckEntryInput = z.infer<typeof ZTruckEntryInput>;
export const ZTruckEntry = z.object({
  _id: ZId, truckId: ZId, kind: z.enum(TRUCK_ENTRY_KINDS), date: z.string(), endDate: z.string().nullable(),
  litres: z.number().nullable(), costMinor: z.number().int(), odometerKm: z.number().int().nullable(), note: z.string(), createdAt: z.string(),
  isService: z.boolean().optional(),
  kmSincePrevious: z.number().int().nullable().optional().describe('fuel: km since the previous fuel entry with a reading'),
  kmPerLitre: z.number().nullable().optional().describe('fuel: km since the previous fill ÷ litres of this one, 1 decimal'),
  costPerKmMinor: z.number().int().nullable().optional(),
});
export type TTruckEntry = z.infer<typeof ZTruckEntry>;

export const ZFleetRequisitionInput = z.object({
  email: ZEmail.optional(),
  tagName: ZTagName,
  placeId: ZId.optional().describe('the project or site chosen from the list; tagName is then its name'),
  purpose: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  destination: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  startDate: ZDate,
  endDate: ZDate,
}).refine((v) => v.endDate >= v.startDate, { message: 'must not be before the start date', path: ['endDate'] });
export type TFleetRequisitionInput = z.infer<typeof ZFleetRequisitionInput>;
export const ZApproveFleetRequisition = z.object({ truckId: ZId });
export const ZFleetRequisitionParams = z.object({ requisitionId: ZId });
export const ZFleetRequisition = z.object({
  _id: ZId,
  tagName: z.string(),
  purpose: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  requestedBy: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  truckId: ZId.nullable(),
  plateNumber: z.string().nullable(),
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  createdAt: z.string(),
});
export type TFleetRequisition = z.infer<typeof ZFleetRequisition>;
/** fleet: the trucks with their state, and the fleet requisitions. */
export const ZFleet = z.object({ trucks: z.array(ZTruck), requisitions: z.array(ZFleetRequisition) });
export type TFleet = z.infer<typeof ZFleet>;

/** A trip of a truck (issue 34). */
export const ZTripInput = z.object({
  truckId: ZId,
  date: ZDate,
  driverEmployeeId: ZId.optional(),
  from: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  to: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  placeId: ZId.optional().describe('the project or site driven to'),
  startKm: ZKm,
  endKm: ZKm,
  purpose: z.string().trim().max(500, 'must be at most 500 characters').optional(),
}).refine((v) => v.endKm >= v.startKm, { message: 'must not be lower than the start reading', path: ['endKm'] });
export type TTripInput = z.infer<typeof ZTripInput>;
export const ZTrip = z.object({
  _id: ZId, truckId: ZId, date: z.string(), driverEmployeeId: ZId.nullable(), driverName: z.string().nullable(), from: z.string(), to: z.string(),
  placeId: ZId.nullable(), placeName: z.string().nullable(), startKm: z.number().int(), endKm: z.number().int(), purpose: z.string(), createdAt: z.string(),
});
export type TTrip = z.infer<typeof ZTrip>;

/** A generator's fuel from the energy tracker and the litres per hour between readings. */
export const ZGeneratorFuel = z.object({
  _id: ZId, date: z.string(), kind: z.string(), quantity: z.number(), runningHours: z.number().nullable(), expensesMinor: z.number().int(),
  hoursSincePrevious: z.number().nullable(), litresPerHour: z.number().nullable(),
});

/** The truck page: everything about one truck. */
export const ZTruckDetail = z.object({
  truck: ZTruck,
  bookings: z.array(ZFleetRequisition).describe('every booking of the truck, newest first'),
  trips: z.array(ZTrip),
  entries: z.array(ZTruckEntry),
  kmPerLitre: z.number().nullable().describe('over all fuel entries with readings, 1 decimal'),
  costPerKmMinor: z.number().int().nullable(),
  generatorFuel: z.array(ZGeneratorFuel),
  litresPerHour: z.number().nullable(),
});
export type TTruckDetail = z.infer<typeof ZTruckDetail>;

export const AVAILABILITY_STATES = ['free', 'booked', 'in maintenance'] as const;
export const ZAvailabilityQuery = z.object({ startDate: ZDate, endDate: ZDate })
  .refine((v) => v.endDate >= v.startDate, { message: 'must not be before the start date', path: ['endDate'] });
export const ZTruckAvailability = z.object({
  truckId: ZId, plateNumber: z.string(), model: z.string(), state: z.enum(AVAILABILITY_STATES),
  project: z.string().nullable().describe('booked: the project of the clashing booking'),
  from: z.string().nullable(), until: z.string().nullable().describe(`booked or in maintenance: its last day (${'9999-12-31'} = until released)`),
});
export type TTruckAvailability = z.infer<typeof ZTruckAvailability>;
