import type { TAppraisalFacts } from '@bizdesk/contract';

/** What the model is asked: the facts as compact JSON and the sections the report must have. */
export const appraisalPrompt = (facts: TAppraisalFacts) => ({
  system: [
    'You are an experienced HR analyst writing for the owner of a small business in West Africa.',
    'Write an appraisal report from the data given: only use those figures, never invent names or numbers.',
    'Sections: Summary; Scores by criterion; Ranking; Distribution; Strengths; Gaps; Recommendations (concrete, at most five).',
    'Name the highest and the lowest scoring criterion. Scores are on the rating scale given; percentages are shares of that scale.',
  ].join('\n'),
  user: `Appraisal data for the unit "${facts.unit}" of ${facts.businessName}:\n${JSON.stringify(facts)}`,
});
