import { z } from 'zod';
import { ZId } from './common.ts';
import { ZCollectionPoint } from './auth.ts';
import { ZEmployee } from './employees.ts';

/** Portal and employee codes: 10 letters of the code alphabet (no 0/O/1/I/L), read without case. */
const ZCode = z.string().trim().toUpperCase().regex(/^[A-HJ-KM-NP-Z2-9]{10}$/, 'is not a valid code');

export const ZPortalCodeParams = z.object({ portalCode: ZCode });

const SEQUENCE = '0123456789012345678909876543210987654321';
/** The employee's own PIN: 6 to 12 digits, not one digit repeated and not a straight run (123456, 987654). */
export const ZPortalPin = z.string().trim().regex(/^\d{6,12}$/, 'must be 6 to 12 digits')
  .refine((v) => !/^(\d)\1+$/.test(v), 'must not be one digit repeated')
  .refine((v) => !SEQUENCE.includes(v), 'must not be a straight run of digits such as 123456');
/** POST /employee/portal-sign-in: the portal code, and the PIN once the employee has set one. */
export const ZPortalSignIn = z.object({ portalCode: ZCode, pin: z.string().trim().max(12, 'must be at most 12 digits').optional() });
export type TPortalSignIn = z.infer<typeof ZPortalSignIn>;
/** PUT /employee/portal-pin: sets the first PIN (from the session the code opened) or changes it (currentPin needed). */
export const ZPortalPinInput = z.object({ pin: ZPortalPin, currentPin: z.string().trim().max(12, 'must be at most 12 digits').optional() });
export type TPortalPinInput = z.infer<typeof ZPortalPinInput>;
export const ZCollectorSignIn = z.object({ dataCode: ZCode, employeeUniqueCode: ZCode });
export type TCollectorSignIn = z.infer<typeof ZCollectorSignIn>;

export const ZPortalBusiness = z.object({
  businessName: z.string(),
  imagePath: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  timeZone: z.string(),
});

/** GET /employee/accessId/{portalCode}: `token` is scoped to this one employee. */
export const ZPortalSession = z.object({
  employee: ZEmployee,
  business: ZPortalBusiness,
  pinSet: z.boolean().describe('false: this session can only set the PIN (PUT /employee/portal-pin)'),
});
export type TPortalSession = z.infer<typeof ZPortalSession>;
export const ZPortalSignInResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: ZPortalSession });
/** The PIN is set: a new token (every other portal session of the employee has ended). */
export const ZPortalPinResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: z.object({ pinSet: z.literal(true) }) });

export const ZCollectorPerson = z.object({ _id: ZId, name: z.string(), employeeNumber: z.string() });

/** `DataAuth` (collectorId): the collection point the token is scoped to and who signed in. */
export const ZDataAuth = z.object({
  collectionPoint: ZCollectionPoint,
  employee: ZCollectorPerson,
  business: ZPortalBusiness,
});
export type TDataAuth = z.infer<typeof ZDataAuth>;

/** A stock item connected to the collection point (filled once inventory exists). */
export const ZCollectorItem = z.object({
  _id: ZId,
  name: z.string(),
  unit: z.string().describe('unit of measure, e.g. bags, litres'),
  quantity: z.number().describe('balance at this point'),
  tagName: z.string(),
});
/** A recent movement or cost recorded at the point (filled once inventory and costs exist). */
export const ZCollectorRecord = z.object({
  _id: ZId,
  kind: z.enum(['instock', 'outstock', 'usedstock', 'cost', 'energy']),
  itemId: ZId.nullable(),
  description: z.string(),
  quantity: z.number().nullable(),
  amountMinor: z.number().int().nullable(),
  recordedBy: z.string().describe('employee number'),
  createdAt: z.string(),
});
/** `DataAuthV2` (collectorIdV2): DataAuth plus the point's items and its 50 most recent records. */
export const ZDataAuthV2 = ZDataAuth.extend({ items: z.array(ZCollectorItem), records: z.array(ZCollectorRecord) });
export type TDataAuthV2 = z.infer<typeof ZDataAuthV2>;
export const ZCollectorSignInResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: ZDataAuth });
export const ZCollectorSignInV2Response = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: ZDataAuthV2 });
