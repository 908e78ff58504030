import { z } from 'zod';

/**
 * HR reminders (issue 33 item 7). Features push due items into one service; the dashboard card, the notifications
 * and the weekly digest read them. `kind` names the event (the web translates it); `link` opens the record.
 */
export const REMINDER_KINDS = [
  'probation-end', 'contract-end', 'document-expiry', 'birthday', 'work-anniversary',
  // Fleet (issue 34): a truck's service, its papers and its driver's licence.
  'service-due', 'insurance-expiry', 'roadworthiness-expiry', 'hackney-permit-expiry', 'licence-expiry',
] as const;
/** The fleet's kinds: shown to Inventory- and Procurement-access users (and the owner), the others to HR-access. */
export const FLEET_REMINDER_KINDS = ['service-due', 'insurance-expiry', 'roadworthiness-expiry', 'hackney-permit-expiry', 'licence-expiry'] as const satisfies readonly TReminderKindAll[];
type TReminderKindAll = (typeof REMINDER_KINDS)[number];
export const REMINDER_SCREENS = ['employee', 'truck'] as const;
export type TReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_WINDOW_DAYS = 30;

export const ZReminder = z.object({
  source: z.string().describe('the feature that pushed it (employees, documents, later fleet)'),
  key: z.string().describe('the record within the source'),
  kind: z.enum(REMINDER_KINDS),
  date: z.string().describe('YYYY-MM-DD'),
  daysLeft: z.number().int(),
  employeeId: z.string().nullable(),
  name: z.string().describe("the person's name, or the truck's plate number"),
  detail: z.string().nullable().describe('document type or name, years of service'),
  link: z.object({ screen: z.enum(REMINDER_SCREENS), id: z.string() }),
});
export type TReminder = z.infer<typeof ZReminder>;

export const ZReminderQuery = z.object({
  days: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(90, 'must be at most 90').default(REMINDER_WINDOW_DAYS),
});
export const ZReminders = z.object({ from: z.string(), to: z.string(), reminders: z.array(ZReminder) });
export type TReminders = z.infer<typeof ZReminders>;
