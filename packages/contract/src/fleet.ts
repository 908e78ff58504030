import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName } from './common.ts';
import { ZMajorAmount } from './employees.ts';
import { ZQuantity, ZTagName } from './inventory.ts';

export const FUEL_TYPES = ['diesel', 'petrol', 'gas', 'electric', 'hybrid'] as const;
export const TRUCK_STATES = ['free', 'assigned', 'in maintenance'] as const;
export type TTruckState = (typeof TRUCK_STATES)[number];

export const ZTruckInput = z.object({
  email: ZEmail.optional(),
  plateNumber: z.string().trim().min(2, 'must be at least 2 characters').max(20, 'must be at most 20 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'may contain only letters, digits, spaces and -'),
  model: ZName(80),
  capacity: ZName(40).describe('e.g. 30 tonnes, 33,000 litres'),
  fuelType: z.enum(FUEL_TYPES, { message: `must be one of: ${FUEL_TYPES.join(', ')}` }),
});
export type TTruckInput = z.infer<typeof ZTruckInput>;

/** add-truck: assign a truck to a project, or release it. */
export const ZAssignTruck = z.object({
  truckId: ZId,
  tagName: ZTagName.optional(),
  release: z.literal(true, { message: 'must be true' }).optional().describe('true releases the truck from its project'),
}).refine((v) => Boolean(v.tagName) !== Boolean(v.release), 'send either tagName or release: true');
export type TAssignTruck = z.infer<typeof ZAssignTruck>;

export const ZTruckBooking = z.object({ requisitionId: ZId, tagName: z.string(), startDate: z.string(), endDate: z.string() });
export const ZTruck = z.object({
  _id: ZId,
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
  odometerKm: z.number().int('must be a whole number').min(0).max(10_000_000).optional(),
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
}).refine((v) => !v.endDate || v.endDate >= v.date, { message: 'must not be before the start date', path: ['endDate'] });
export type TTruckEntryInput = z.infer<typeof ZTruckEntryInput>;
export const ZTruckEntry = z.object({
  _id: ZId, truckId: ZId, kind: z.enum(TRUCK_ENTRY_KINDS), date: z.string(), endDate: z.string().nullable(),
  litres: z.number().nullable(), costMinor: z.number().int(), odometerKm: z.number().int().nullable(), note: z.string(), createdAt: z.string(),
});
export type TTruckEntry = z.infer<typeof ZTruckEntry>;

export const ZFleetRequisitionInput = z.object({
  email: ZEmail.optional(),
  tagName: ZTagName,
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
