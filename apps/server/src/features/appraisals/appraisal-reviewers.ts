import { APPRAISAL_MSG } from '@bizdesk/contract';
import type { TPerson } from './appraisals.repo.ts';

type TPick = { reviewer: TPerson; via: 'appraiser' | 'upline' | 'superior'; reason?: undefined } | { reviewer: null; via?: undefined; reason: string };

/**
 * Who appraises an employee: the appraiser set on them, else their upline, else their superior (issue 33: an
 * appraiser set one record at a time left most staff out). `people` holds the live staff these ids may name;
 * a link to someone not in it (deleted) is passed over. Nobody appraises themselves.
 */
export const reviewerOf = (s: Pick<TPerson, 'id' | 'appraiserId' | 'uplineId' | 'superiorId'>, people: readonly TPerson[]): TPick => {
  for (const via of ['appraiser', 'upline', 'superior'] as const) {
    const id = via === 'appraiser' ? s.appraiserId : via === 'upline' ? s.uplineId : s.superiorId;
    const found = id && id !== s.id ? people.find((p) => p.id === id) : undefined;
    if (found) return { reviewer: found, via };
  }
  return { reviewer: null, reason: APPRAISAL_MSG.noReviewer };
};
