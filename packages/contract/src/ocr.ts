import { z } from 'zod';
import { ZEmail, ZId } from './common.ts';

/** OCR uploads: an image (JPEG, PNG, WebP) or a PDF, checked from its bytes. */
export const OCR_MAX_BYTES = 10 * 1024 * 1024;
export const OCR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Images past this many pixels (or this long a side) are refused before they are decoded. */
export const OCR_MAX_PIXELS = 25_000_000;
export const OCR_MAX_SIDE = 10_000;
/** Pages of a PDF that are read; scanned pages rendered for OCR. */
export const OCR_MAX_PDF_PAGES = 20;
export const OCR_MAX_RENDERED_PAGES = 3;
/**
 * The work one document may cost: an image larger than this is downscaled before recognition (a receipt's text
 * stays legible at ~2 400 px on the long side; a 25 MP photo took a minute of the shared worker, this about 1/6).
 */
export const OCR_RECOGNISED_MAX_SIDE = 2400;
export const OCR_RECOGNISED_MAX_PIXELS = 4_000_000;
export const OCR_MSG = {
  quotaReached: (limit: number, minutes: number) =>
    `Your business has had ${limit} documents read in the last hour, the most allowed; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
} as const;

/** What the receipt seems to say, for the user to confirm into an overhead row. */
export const ZOcrProposal = z.object({
  date: z.string().nullable().describe('YYYY-MM-DD'),
  vendor: z.string().nullable(),
  total: z.string().nullable().describe('major units as text, e.g. "12500.00"'),
  totalMinor: z.number().int().nullable(),
});
export type TOcrProposal = z.infer<typeof ZOcrProposal>;

export const ZOcrResult = z.object({
  text: z.string(),
  source: z.enum(['text-layer', 'ocr']).describe('text-layer: read from the PDF itself; ocr: recognised from pixels'),
  pages: z.number().int(),
  proposal: ZOcrProposal,
});
export type TOcrResult = z.infer<typeof ZOcrResult>;

/** save-summary: checked by hand so a missing field answers the spec's own message. */
export const ZSaveSummary = z.object({
  email: ZEmail,
  summary: z.string().trim().min(1).max(10_000, 'must be at most 10000 characters'),
});
export type TSaveSummary = z.infer<typeof ZSaveSummary>;
export const ZSummaryRecord = z.object({ _id: ZId, summary: z.string(), createdBy: z.string(), createdAt: z.string() });
