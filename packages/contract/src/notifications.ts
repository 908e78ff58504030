import { z } from 'zod';
import { ZDateTime, ZEmail, ZId } from './common.ts';

/** Categories with their own icon in the bell (spec 01 §3); others are allowed and show none. */
export const NOTIFICATION_CATEGORIES = [
  'HR',
  'Accounts',
  'Inventory',
  'Procurement',
  'General actions',
  'Request Messages',
  'Announcements',
  'Reminders',
] as const;

export const ZNotification = z.object({
  _id: ZId,
  actionType: z.string(),
  message: z.string(),
  category: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZCreateNotification = z.object({
  category: z.string().trim().min(1, 'is required').max(60),
  actionType: z.string().trim().min(1, 'is required').max(120),
  message: z.string().trim().min(1, 'is required').max(2000),
});
export type TCreateNotification = z.infer<typeof ZCreateNotification>;

export const ZOwnerEmailParams = z.object({ ownerEmail: ZEmail });
export const ZOwnerEmailQuery = z.object({ ownerEmail: ZEmail });
export const ZDeleteOld = z.object({
  beforeDate: ZDateTime,
});
