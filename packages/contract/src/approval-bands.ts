import { z } from 'zod';
import { ZApprover, ZRuleApprovalService } from './approvals.ts';
import { ZDate, ZId } from './common.ts';

/**
 * Issue 35: approval rules by amount and level. A rule of a service holds ordered amount bands, each "up to upToMinor"
 * (the last open-ended, null); a band holds ordered levels (level 2 is asked only after level 1 approved); a level is a
 * set of listed approvers, `required` of whom must approve (1 of these, all, N of M).
 */
export const MAX_BANDS = 10;
export const MAX_LEVELS = 5;

export const ZRuleLevelInput = z.object({
  userIds: z.array(ZId).min(1, 'name at least one approver').max(20, 'must list at most 20 approvers'),
  required: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(20, 'must be at most 20'),
});
export const ZRuleBandInput = z.object({
  /** Minor units; null for the last band (everything above the band before). */
  upToMinor: z.number({ message: 'must be a number' }).int('must be a whole number of minor units').positive('must be more than 0').nullable(),
  levels: z.array(ZRuleLevelInput).min(1, 'add at least one level').max(MAX_LEVELS, `must have at most ${MAX_LEVELS} levels`),
});
/** `PUT /api/v1/approvals/rules`: creates or edits the banded rule of a service (every change is a new version). */
export const ZSaveApprovalRule = z.object({
  service: ZRuleApprovalService,
  bands: z.array(ZRuleBandInput).min(1, 'add at least one band').max(MAX_BANDS, `must have at most ${MAX_BANDS} bands`),
});
export type TSaveApprovalRule = z.infer<typeof ZSaveApprovalRule>;

export const ZRuleLevel = z.object({ required: z.number().int(), approvers: z.array(ZApprover) });
export const ZRuleBand = z.object({ upToMinor: z.number().int().nullable(), levels: z.array(ZRuleLevel) });
export type TRuleBand = z.infer<typeof ZRuleBand>;

export const ZRuleVersion = z.object({
  version: z.number().int(),
  action: z.enum(['created', 'updated', 'retired']),
  changedBy: z.string(),
  createdAt: z.string(),
  totalApprovalsRequired: z.number().int(),
  approvers: z.array(z.string()),
  bands: z.array(z.object({ upToMinor: z.number().int().nullable(), levels: z.array(z.object({ required: z.number().int(), approvers: z.array(z.string()) })) })).nullable(),
});
export type TRuleVersion = z.infer<typeof ZRuleVersion>;

export const ZRuleIdParams = z.object({ id: ZId });

/** The band and level a request waits at, as the inbox shows it ("Level 2 of 2 — above ₦5,000,000"). */
export const ZRequestBand = z.object({
  band: z.number().int(),
  bands: z.number().int(),
  fromMinor: z.number().int().nullable(),
  upToMinor: z.number().int().nullable(),
  level: z.number().int(),
  levels: z.number().int(),
  ruleVersion: z.number().int(),
});
export type TRequestBand = z.infer<typeof ZRequestBand>;

/** `POST /api/v1/approvals/delegations`: while away (startsOn..endsOn, inclusive), the delegate also decides for the caller. */
export const ZDelegationInput = z.object({ delegateId: ZId, startsOn: ZDate, endsOn: ZDate })
  .refine((d) => d.endsOn >= d.startsOn, { path: ['endsOn'], message: 'must be on or after the start date' });
export type TDelegationInput = z.infer<typeof ZDelegationInput>;

export const ZDelegation = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), userName: z.string() }),
  delegate: z.object({ _id: z.string(), userName: z.string() }),
  startsOn: z.string(),
  endsOn: z.string(),
  isActive: z.boolean(),
});
export type TDelegation = z.infer<typeof ZDelegation>;
/** Delegations the caller set (away) and those naming the caller as delegate. */
export const ZDelegations = z.object({ mine: z.array(ZDelegation), toMe: z.array(ZDelegation) });
export type TDelegations = z.infer<typeof ZDelegations>;

export const APPROVAL_BAND_MSG = {
  ruleRetired: 'Approval rule retired',
  delegationSaved: 'Delegation saved',
  delegationRemoved: 'Delegation removed',
} as const;
