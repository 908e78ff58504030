import { z } from 'zod';
import { ZEmail, ZId, ZName } from './common.ts';

export const REPORT_KINDS = ['project', 'business', 'running-cost'] as const;
export const REPORT_LANGUAGES = ['en', 'de', 'fr'] as const;
/** A country as its two-letter code (NG, GH); it decides the currency the report is written in. */
export const ZCountryCode = z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as NG or GH').transform((v) => v.toUpperCase());
export const ZReportLanguageQuery = z.object({ language: z.enum(REPORT_LANGUAGES, { message: 'must be en, de or fr' }).optional() });

export const ZResponseOneParams = z.object({ email: ZEmail, tag: ZName(120), country: ZCountryCode });
export const ZResponseAllParams = z.object({ email: ZEmail, business: ZName(160), country: ZCountryCode });

/** CurrentWorkLevel: how much of the project's work is done, in percent ("45", 45 or "45%"). */
export const ZWorkLevel = z.string({ message: 'must be a percentage of work done as text, such as "45" or "45%"' }).trim().regex(/^\d{1,3}(\.\d{1,2})?\s*%?$/, 'must be a percentage of work done, such as 45 or 45%')
  .transform((v) => Number(v.replace('%', '')))
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 100, 'must be more than 0 and at most 100 (percent of the work done)');

export const ZRunningCostInput = z.object({
  email: ZEmail,
  projectTitle: ZName(200),
  country: ZCountryCode,
  TotalOverheadExpenses: z.string({ message: 'must be an amount as text, such as "1500000" or "38686.67"' }).trim().regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimal places, such as 1500000 or 38686.67')
    .describe('the overheads the user sees, major units as text; compared with the recorded total'),
  CurrentWorkLevel: ZWorkLevel,
  tagName: ZName(120),
  language: z.enum(REPORT_LANGUAGES, { message: 'must be en, de or fr' }).optional(),
});
export type TRunningCostInput = z.infer<typeof ZRunningCostInput>;

export const ZAiReport = z.object({
  _id: ZId,
  kind: z.enum(REPORT_KINDS),
  tagName: z.string().nullable(),
  report: z.string().describe('the report text'),
  provider: z.enum(['model', 'builtin']),
  model: z.string().nullable(),
  language: z.enum(REPORT_LANGUAGES),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TAiReportRecord = z.infer<typeof ZAiReport>;
export const ZReportListQuery = z.object({ tagName: ZName(120).optional(), kind: z.enum(REPORT_KINDS).optional() });

/** Announcements (/blog): the owner posts, staff read. */
export const ZAnnouncementInput = z.object({ title: ZName(160), body: ZName(5000) });
export const ZAnnouncement = z.object({ _id: ZId, title: z.string(), body: z.string(), authorName: z.string(), createdAt: z.string() });
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** GET /dashboard/figures: one figure per module the caller may see, each linking to its screen. */
export const ZDashboardFigure = z.object({
  key: z.string().describe('what the figure is, e.g. headcount, projectMargin'),
  module: z.string(),
  kind: z.enum(['count', 'money']),
  value: z.number().int().describe('a count, or integer minor units for money'),
  count: z.number().int().optional().describe('for a money figure: how many records it adds up (remittances due)'),
  to: z.string().describe('the screen the figure links to'),
  isEmpty: z.boolean().describe('the module holds nothing yet: the card says how to start'),
});
export type TDashboardFigure = z.infer<typeof ZDashboardFigure>;
