import { z } from 'zod';
import { ZDate } from './common.ts';

// How the month's events reach pay (issue 32): the business's rules and employee exits.

export const PRORATION_BASES = ['calendar', 'working'] as const;
export type TProrationBasis = (typeof PRORATION_BASES)[number];

/** The business's pay rules for part months, unpaid days and leavers (read by Accounts, changed by the owner). */
export const ZPayRules = z.object({
  prorationBasis: z.enum(PRORATION_BASES).describe('a part month is paid by calendar days or by working days (Monday to Friday less holidays)'),
  paysOutLeave: z.boolean().describe("a leaver's unused annual leave is paid on their last run (annual gross ÷ 260 a day)"),
  unpaidAbsences: z.boolean().describe('days marked absent on the attendance register are unpaid'),
  canEdit: z.boolean(),
});
export type TPayRules = z.infer<typeof ZPayRules>;
export const ZPayRulesInput = z.object({
  prorationBasis: z.enum(PRORATION_BASES, { message: 'must be calendar or working' }).optional(),
  paysOutLeave: z.boolean({ message: 'must be true or false' }).optional(),
  unpaidAbsences: z.boolean({ message: 'must be true or false' }).optional(),
}).strict().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one rule to change');
export type TPayRulesInput = z.infer<typeof ZPayRulesInput>;

export const EXIT_REASONS = ['resignation', 'dismissal', 'end-of-contract', 'retirement', 'death', 'other'] as const;
export type TExitReason = (typeof EXIT_REASONS)[number];

/** An employee's exit: the last day worked (paid to), why, and a note. The record, its history and payslips stay. */
export const ZEmployeeExitInput = z.object({
  lastDay: ZDate,
  reason: z.enum(EXIT_REASONS, { message: `must be one of: ${EXIT_REASONS.join(', ')}` }),
  note: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
}).strict();
export type TEmployeeExitInput = z.infer<typeof ZEmployeeExitInput>;

export const EMPLOYMENT_STATUSES = ['current', 'left'] as const;

export const MONTH_EVENTS_MSG = { payRulesSaved: 'Pay rules saved', exitRecorded: 'Exit recorded', exitWithdrawn: 'Exit withdrawn' } as const;
