import { z } from 'zod';

/**
 * Places (issue 34, DESIGN §7): the business's projects, each project's sites and the business's stores, as records.
 * Every form that asks for a place picks one of these; the spec's `tagName` fields and paths resolve a typed name to
 * its record (case and spacing ignored; the spellings the migration merged still resolve).
 */
export const PLACE_KINDS = ['project', 'site', 'store'] as const;
export type TPlaceKind = (typeof PLACE_KINDS)[number];
export const ZPlaceKind = z.enum(PLACE_KINDS, { message: `must be one of: ${PLACE_KINDS.join(', ')}` });

export const ZPlace = z.object({
  _id: z.string(),
  kind: ZPlaceKind,
  name: z.string(),
  /** A site's project. */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  address: z.string(),
  description: z.string(),
  /** 'proposed': made by the migration from typed names, waiting for the owner's confirmation of the merge. */
  status: z.enum(['proposed', 'active']),
  archived: z.boolean(),
});
export type TPlace = z.infer<typeof ZPlace>;

const kinds = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(ZPlaceKind).max(3));
export const ZPlaceQuery = z.object({
  kind: kinds.optional().describe('comma-separated kinds: project,site,store'),
  q: z.string().trim().max(100).optional().describe('part of the name'),
  projectId: z.string().uuid('must be a place id').optional().describe("a project's sites"),
  includeArchived: z.enum(['true', 'false']).optional(),
});
export type TPlaceQuery = z.input<typeof ZPlaceQuery>;

const name = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
export const ZPlaceInput = z.object({
  kind: ZPlaceKind,
  name,
  projectId: z.string().uuid('must be a place id').nullable().optional().describe("required for a site: its project"),
  address: z.string().trim().max(300).optional(),
  description: z.string().trim().max(1000).optional(),
});
export type TPlaceInput = z.infer<typeof ZPlaceInput>;

/** A change to a place: rename (the name stays unique across kinds), another kind, a site's project, address, description. */
export const ZPlacePatch = z.object({
  name: name.optional(),
  kind: ZPlaceKind.optional(),
  projectId: z.string().uuid('must be a place id').nullable().optional().describe("a site's project (required when the place becomes a site)"),
  address: z.string().trim().max(300).optional(),
  description: z.string().trim().max(1000).optional(),
});
export type TPlacePatch = z.infer<typeof ZPlacePatch>;

export const ZPlaceAlias = z.object({ alias: z.string(), records: z.number().int() });
/** A place the migration made from typed names, with every spelling merged into it and how many records carried each. */
export const ZPlaceReview = ZPlace.extend({
  aliases: z.array(ZPlaceAlias),
  /** Records carrying any of the spellings (the sum over aliases). */
  records: z.number().int(),
});
export type TPlaceReview = z.infer<typeof ZPlaceReview>;

/** The owner confirms proposed places, each optionally renamed, given another kind or (a site) its project. */
export const ZPlaceConfirm = z.object({
  places: z.array(z.object({
    id: z.string().uuid('must be a place id'),
    name: name.optional(),
    kind: ZPlaceKind.optional(),
    projectId: z.string().uuid('must be a place id').nullable().optional(),
  }).strict()).min(1, 'choose at least one place').max(500),
});
export type TPlaceConfirm = z.infer<typeof ZPlaceConfirm>;

/** Merge a place into another: every record naming it names the surviving place; its spellings stay as aliases. */
export const ZPlaceMerge = z.object({ intoId: z.string().uuid('must be a place id') });
export type TPlaceMerge = z.infer<typeof ZPlaceMerge>;

/** What a merge moved, table by table (rows repointed), and the surviving place. */
export const ZPlaceMergeResult = z.object({ place: ZPlace, moved: z.record(z.string(), z.number().int()) });
export type TPlaceMergeResult = z.infer<typeof ZPlaceMergeResult>;
