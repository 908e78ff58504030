import type { TSaveApprovalRule } from '@bizdesk/contract';
import type { TRuleBand, TStoredChain, TStoredChainStep } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../platform/errors.ts';

/**
 * Issue 35: rules by amount band and level. A request's amount picks the band when the request is made (a request
 * without an amount takes the last, strictest band); the band's levels become the request's chain, copied onto it, so
 * a later edit or retirement of the rule never moves a request under way.
 */
export const bandIndexFor = (bands: TRuleBand[], amount: number | null | undefined) => {
  if (amount === null || amount === undefined) return bands.length - 1;
  const i = bands.findIndex((b) => b.upToMinor === null || amount <= b.upToMinor);
  return i < 0 ? bands.length - 1 : i;
};

type TMember = { id: string; userName: string };

export const resolveBandChain = (input: {
  service: string; bands: TRuleBand[]; amount: number | null | undefined; requesterUserIds: string[]; requesterEmail: string | null;
  members: TMember[]; ruleId: string; ruleVersion: number;
}): TStoredChain => {
  const index = bandIndexFor(input.bands, input.amount);
  const band = input.bands[index];
  const nameOf = (id: string) => input.members.find((m) => m.id === id)?.userName ?? id;
  const steps: TStoredChainStep[] = band.levels.map((l, i) => {
    const approverIds = l.userIds.filter((id) => input.members.some((m) => m.id === id));
    const eligible = approverIds.filter((id) => !input.requesterUserIds.includes(id)).length;
    if (eligible < l.required) {
      throw conflict(`Level ${i + 1} of this ${input.service} approval needs ${l.required} approval${l.required > 1 ? 's' : ''} but only ${eligible} `
        + `approver${eligible === 1 ? '' : 's'} other than the requester can give ${l.required > 1 ? 'them' : 'it'}. Update the approval rule first.`)
        .as('bandTooFewApprovers', { level: i + 1, required: l.required, available: eligible });
    }
    return { approvers: 'users', resolvedFrom: 'listed', required: l.required, approverIds, names: approverIds.map(nameOf) };
  });
  return {
    steps, requesterUserIds: input.requesterUserIds, requesterEmail: input.requesterEmail,
    band: { index, count: input.bands.length, fromMinor: index > 0 ? input.bands[index - 1].upToMinor : null, upToMinor: band.upToMinor, ruleId: input.ruleId, ruleVersion: input.ruleVersion },
  };
};

/**
 * Checks a banded rule: "up to" amounts rising, the last band open-ended, each level asking for no more approvals than
 * it lists, nobody twice in one band (one approval would pass two levels). Returns the bands normalised.
 */
export const normaliseBands = (input: TSaveApprovalRule['bands']): TRuleBand[] => {
  const bands = input.map((b) => ({ upToMinor: b.upToMinor, levels: b.levels.map((l) => ({ userIds: [...new Set(l.userIds.map((id) => id.toLowerCase()))], required: l.required })) }));
  for (const [i, b] of bands.entries()) {
    const isLast = i === bands.length - 1;
    if (isLast && b.upToMinor !== null) throw badRequest(`bands.${i}.upToMinor: the last band is open-ended (everything above the band before); leave its limit empty`).as('bandLastOpen');
    if (!isLast && b.upToMinor === null) throw badRequest(`bands.${i}.upToMinor: give the amount this band goes up to (only the last band is open-ended)`).as('bandNeedsLimit');
    const before = i > 0 ? bands[i - 1].upToMinor : null;
    if (!isLast && before !== null && b.upToMinor !== null && b.upToMinor <= before) {
      throw badRequest(`bands.${i}.upToMinor: must be more than the band before`).as('bandNotRising');
    }
    const seen = new Map<string, number>();
    for (const [j, l] of b.levels.entries()) {
      if (l.required > l.userIds.length) {
        throw badRequest(`bands.${i}.levels.${j}.required: cannot be more than the ${l.userIds.length} approver(s) listed`).as('levelRequiredOverApprovers', { n: l.userIds.length });
      }
      for (const id of l.userIds) {
        if (seen.has(id)) throw badRequest(`bands.${i}.levels.${j}.userIds: an approver is already at level ${seen.get(id)! + 1} of this band`).as('levelApproverTwice', { level: seen.get(id)! + 1 });
        seen.set(id, j);
      }
    }
  }
  return bands;
};

export const approverIdsOf = (bands: TRuleBand[]) => [...new Set(bands.flatMap((b) => b.levels.flatMap((l) => l.userIds)))];
