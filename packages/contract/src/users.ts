import { z } from 'zod';
import { ZEmail, ZId, ZName, ZPassword, ZWebUrl } from './common.ts';
import { ZStaffRoles } from './roles.ts';

export const ZUserRegister = z.object({
  userName: ZName(120),
  email: ZEmail,
  password: ZPassword,
  roles: ZStaffRoles.default([]),
});
export type TUserRegister = z.infer<typeof ZUserRegister>;

export const ZUpdateRoles = z.object({ roles: ZStaffRoles });
export const ZUserIdParams = z.object({ userId: ZId });
export const ZEmployeeNumber = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters');
export const ZRegenerateCodeParams = z.object({ id: ZId, employeeNumber: ZEmployeeNumber });
export const ZGoogleLinkParams = z.object({ userId: ZId, employeeNumber: ZEmployeeNumber });
export const ZUpdateNumber = z.object({
  id: ZId,
  newEmployeeNumber: ZEmployeeNumber,
  oldEmployeeNumber: ZEmployeeNumber,
  subDocId: ZId,
});
export const ZGoogleLink = z.object({
  googleLink: ZWebUrl(2000),
});
