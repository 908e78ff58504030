import { z } from 'zod';

/** GET /search/{ownerEmail}?q= (issue 10): what the top-bar search finds, grouped by area, only in areas the caller may open. */
export const SEARCH_AREAS = ['employees', 'vendors', 'orders', 'items', 'trucks', 'projects', 'invoices'] as const;
export type TSearchArea = (typeof SEARCH_AREAS)[number];

export const ZSearchQuery = z.object({
  q: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSearchHit = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The web path that opens it. */
  path: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchGroup = z.object({ area: z.enum(SEARCH_AREAS), hits: z.array(ZSearchHit), more: z.boolean() });
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

/** At most this many hits per area; `more` says there were others (the area's own list shows them all). */
export const SEARCH_LIMIT = 6;
