import { z } from 'zod';

export const ZId = z.uuid({ message: 'must be a valid id' });
export const ZIdParams = z.object({ id: ZId });
export const ZEmail = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be a valid e-mail address' }));
export const ZEmailParams = z.object({ email: ZEmail });
export const ZPassword = z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters');
export const ZName = (max = 120) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Dates the product accepts: anything outside is a typo (0000, 20255) that the database would refuse. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
const YEAR_RANGE = `must be between ${MIN_YEAR} and ${MAX_YEAR}`;
const inYearRange = (d: Date) => d.getUTCFullYear() >= MIN_YEAR && d.getUTCFullYear() <= MAX_YEAR;

/** A calendar date as `YYYY-MM-DD` (a real date: 2025-02-30 is refused), in 1900–2100. */
export const ZDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'is not a real date')
  .refine((v) => inYearRange(new Date(`${v}T00:00:00Z`)), YEAR_RANGE);

/** An ISO date-time with an offset, in 1900–2100. */
export const ZDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time such as 2026-01-31T00:00:00.000Z' })
  .refine((v) => inYearRange(new Date(v)), YEAR_RANGE);

let timeZones: Set<string> | undefined;
/** The IANA zones the runtime knows (Intl.supportedValuesOf) plus 'UTC', which that list leaves out. */
export const isTimeZone = (v: string) => {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(v);
};
export const ZTimeZone = z.string().trim().max(64, 'must be at most 64 characters')
  .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos, Africa/Accra or UTC');

/** True when every %-escape of the text decodes (a lone % or %E0%A4%A does not). */
export const hasValidEscapes = (v: string) => {
  try {
    decodeURIComponent(v);
    return true;
  } catch {
    return false;
  }
};
/** A web address (http/https) that can be decoded; a malformed %-escape is refused here, not thrown later. */
export const ZWebUrl = (max = 2000) => z.url({ protocol: /^https?$/, message: 'must be a web address starting with http:// or https://' })
  .max(max, `must be at most ${max} characters`)
  .refine(hasValidEscapes, 'has a malformed percent-escape (write % as %25)');

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(10),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Success envelope: `{ success: true, message?, data }`. */
export const ZOk = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const ZPaged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().describe('number of pages'),
    totalRecords: z.number().int(),
  });

export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** The request field the message is about (`endDate`, `lines.0.quantity`): the web shows that field's label. */
  field: z.string().optional(),
  /** Names a message of Bizdesk's own for the web to show in the reader's language, with `params`. */
  messageKey: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
