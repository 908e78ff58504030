import { z } from 'zod';
import { ZEmail, ZId, ZName, ZPassword, ZTimeZone } from './common.ts';
import { ZRole } from './roles.ts';

export const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as NG or GH');

export const ZRegister = z.object({
  businessName: ZName(160),
  userName: ZName(120),
  email: ZEmail,
  password: ZPassword,
  country: ZCountry.default('NG'),
  timeZone: ZTimeZone.default('Africa/Lagos'),
});
export type TRegister = z.infer<typeof ZRegister>;

export const ZLogin = z.object({ email: ZEmail, password: z.string().min(1, 'is required').max(200) });
export type TLogin = z.infer<typeof ZLogin>;

export const ZForgotPassword = z.object({ email: ZEmail });
export const ZResetPassword = z.object({ password: ZPassword });
export const ZResetParams = z.object({ id: ZId, token: z.string().min(10, 'is not a valid token').max(200) });
export const ZTokenParams = z.object({ token: z.string().min(10, 'is not a valid token').max(200) });

export const ZUser = z.object({
  _id: ZId,
  email: z.string(),
  userName: z.string(),
  roles: z.array(ZRole),
  businessId: ZId,
  businessName: z.string(),
  ownerEmail: z.string(),
  imagePath: z.string().nullable(),
  country: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZLoginResponse = z.object({ success: z.literal(true), message: z.string(), token: z.string(), data: ZUser });

/** One department as sent in each `department` multipart field of POST /auth/department/{email}. */
export const ZDepartmentInput = z.object({
  name: ZName(120),
  unit: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().max(1000).optional(),
});
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;
export const ZDepartment = z.object({
  _id: ZId,
  name: z.string(),
  unit: z.string(),
  unitId: ZId,
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type TDepartment = z.infer<typeof ZDepartment>;

export const ZCollectionPointInput = z.object({
  employeeNumber: ZName(40),
  employeeName: ZName(160),
  tagName: ZName(120),
  /** The site or project the point records for (issue 34); when given, tagName is its name. */
  placeId: z.string().uuid('must be a place id').optional(),
  userEmail: ZEmail,
  projectDescription: z.string().trim().max(2000).default(''),
  projectScope: z.string().trim().max(2000).default(''),
  dept: z.string().trim().max(120).default('default'),
});
export type TCollectionPointInput = z.infer<typeof ZCollectionPointInput>;
export const ZCollectionPoint = z.object({
  _id: ZId,
  employeeNumber: z.string(),
  employeeName: z.string(),
  tagName: z.string(),
  /** The point's site or project (issue 34). */
  placeId: z.string().nullable().optional(),
  userEmail: z.string(),
  projectDescription: z.string(),
  projectScope: z.string(),
  dept: z.string(),
  dataCode: z.string(),
  googleLink: z.string().nullable(),
  createdAt: z.string(),
});
export type TCollectionPoint = z.infer<typeof ZCollectionPoint>;

export const ZUserData = z.object({
  user: ZUser,
  users: z.array(ZUser),
  departments: z.array(ZDepartment),
  collectionPoints: z.array(ZCollectionPoint),
});
export type TUserData = z.infer<typeof ZUserData>;

/** PUT /department/{id} (issue 10): rename a department or change its description (its unit stays). */
export const ZDepartmentUpdate = ZDepartmentInput.pick({ name: true, description: true });
export type TDepartmentUpdate = z.infer<typeof ZDepartmentUpdate>;
