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

/** POST /auth/invitations (issue 10): invite a staff user, who chooses their own password from the e-mailed link. */
export const ZInviteUser = z.object({
  userName: ZName(120),
  email: ZEmail,
  roles: ZStaffRoles.default([]),
});
export type TInviteUser = z.infer<typeof ZInviteUser>;

/** An invitation not yet accepted nor revoked; `expired` once its link has run out (resend gives a new one). */
export const ZInvitation = z.object({
  _id: ZId,
  userName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  status: z.enum(['pending', 'expired']),
  sentAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** GET /auth/invitation/{token}: what the accept page shows before the invitee chooses a password. */
export const ZInvitationPreview = z.object({
  email: z.string(),
  userName: z.string(),
  businessName: z.string(),
  expiresAt: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZAcceptInvitation = z.object({ password: ZPassword });
export type TAcceptInvitation = z.infer<typeof ZAcceptInvitation>;
