import { z } from 'zod';

/**
 * The project cost ledger (issue 35, DESIGN §7). Categories are the job-costing heads a contractor budgets by; a cost
 * record's free-text category maps to one of them (`projectCostCategoryOf`), so a budget line meets every source.
 */
export const PROJECT_COST_CATEGORIES = ['materials', 'labour', 'subcontract', 'plant-fuel', 'transport', 'energy', 'overheads', 'other'] as const;
export type TProjectCostCategory = (typeof PROJECT_COST_CATEGORIES)[number];
export const ZProjectCostCategory = z.enum(PROJECT_COST_CATEGORIES);

/** What writes ledger entries; each entry links back to its source record. */
export const PROJECT_COST_SOURCES = [
  'cost-record', // manual, imported or OCR'd cost records (features/costs)
  'expense-claim', // an approved claim's project lines (through costs)
  'purchase-order', // an approved order on a project: committed, then actual as it is received or invoiced
  'stock-use', // stock used or issued at a project's site, at moving-average cost
  'stock-transfer', // stock sent to a project's site
  'fleet-fuel', 'fleet-maintenance', 'fleet-booking',
  'energy',
  'payroll', // labour: an approved run's cost split by the employees' project allocation
  'credit-note', // a supplier's credit against an order on a project (negative actual)
] as const;
export type TProjectCostSource = (typeof PROJECT_COST_SOURCES)[number];

export const PROJECT_COST_STAGES = ['committed', 'actual'] as const;
export type TProjectCostStage = (typeof PROJECT_COST_STAGES)[number];

/** One ledger entry as the API shows it. */
export const ZProjectCostEntry = z.object({
  _id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  category: ZProjectCostCategory,
  sourceKind: z.enum(PROJECT_COST_SOURCES),
  sourceId: z.string(),
  stage: z.enum(PROJECT_COST_STAGES),
  amountMinor: z.number().int(),
  date: z.string(),
  description: z.string(),
  reference: z.string(),
  /** Where the web opens the source: { screen, id } as notifications carry it. */
  link: z.object({ screen: z.string(), id: z.string().nullable() }).nullable(),
});
export type TProjectCostEntry = z.infer<typeof ZProjectCostEntry>;

/** Ledger totals of a project (or all), per category and stage, in minor units. */
export const ZProjectCostTotals = z.object({
  committedMinor: z.number().int(),
  actualMinor: z.number().int(),
  byCategory: z.array(z.object({ category: ZProjectCostCategory, committedMinor: z.number().int(), actualMinor: z.number().int() })),
  bySource: z.array(z.object({ sourceKind: z.enum(PROJECT_COST_SOURCES), committedMinor: z.number().int(), actualMinor: z.number().int(), entries: z.number().int() })),
});
export type TProjectCostTotals = z.infer<typeof ZProjectCostTotals>;

const KEYWORDS: Array<[TProjectCostCategory, RegExp]> = [
  ['labour', /labou?r|wage|salar|payroll|casual|staff|artisan/i],
  ['subcontract', /sub-?contract|contractor|works?\b|consult/i],
  ['plant-fuel', /fuel|diesel|petrol|pms|ago\b|plant|equipment|generator|machine|hire/i],
  ['transport', /transport|haulage|logistic|truck|vehicle|freight|delivery/i],
  ['energy', /energy|electric|power|nepa|phcn|ecg|utility|utilities/i],
  ['materials', /material|cement|sand|granite|block|rod|steel|iron|timber|wood|paint|tile|pipe|gravel|stone|aggregate|nail|roof/i],
  ['overheads', /overhead|admin|office|rent|insurance|permit|fee|levy|security|telephone|internet|stationer/i],
];

/** The ledger category a typed cost category falls under ('other' when nothing matches). */
export const projectCostCategoryOf = (typed: string): TProjectCostCategory => {
  const t = typed.trim().toLowerCase();
  if ((PROJECT_COST_CATEGORIES as readonly string[]).includes(t)) return t as TProjectCostCategory;
  for (const [category, re] of KEYWORDS) if (re.test(t)) return category;
  return 'other';
};
