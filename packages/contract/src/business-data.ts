import { z } from 'zod';
import { ZId } from './common.ts';
import { JOB_STATUSES } from './employees.ts';

/**
 * A business's own data, out and in (issue 36 item 4). The owner prepares one archive of everything the business holds
 * (a job with progress), downloads it while it lasts, and can import it into an empty business on another server.
 * The Nigeria Data Protection Act 2023 (s.34 right of access, s.38 data portability) gives people their data in a
 * structured, commonly used and machine-readable form; the archive is that form for the business's records.
 */

/** An uploaded archive is at most this large (bytes). */
export const BUSINESS_ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
/** A prepared archive can be downloaded for this many days. */
export const BUSINESS_EXPORT_DAYS = 7;

export const ZBusinessExport = z.object({
  _id: ZId,
  status: z.enum(JOB_STATUSES),
  phase: z.string().describe('queued, tables, files, packing, done'),
  progress: z.number().int().min(0).max(100),
  message: z.string().nullable().describe('why it failed, for people'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive stops being downloadable (null until it is ready). */
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  bytes: z.number().int().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  files: z.number().int().nullable(),
  /** The API path of the archive, once ready and until it expires. */
  downloadPath: z.string().nullable(),
});
export type TBusinessExport = z.infer<typeof ZBusinessExport>;
export const ZBusinessExportParams = z.object({ id: ZId });

export const ZBusinessImportResult = z.object({
  businessId: ZId,
  businessName: z.string(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** The e-mail addresses that can sign in now, with the passwords they had on the old server. */
  users: z.array(z.string()),
  /** Users whose two-factor sign-in was left behind (sealed with the old server's key); they enrol again. */
  twoFactorDropped: z.number().int(),
});
export type TBusinessImportResult = z.infer<typeof ZBusinessImportResult>;

export const ZBusinessDataStatus = z.object({
  /** Nothing but what registration made: an archive may be imported into it. */
  isEmpty: z.boolean(),
  latest: ZBusinessExport.nullable(),
});
export type TBusinessDataStatus = z.infer<typeof ZBusinessDataStatus>;

export const BUSINESS_DATA_MSG = {
  exportStarted: 'Your archive is being prepared',
  imported: 'The business was imported. Sign in again with an account from the archive.',
  notArchive: 'The file is not a Bizdesk business archive',
  checksum: 'The archive is damaged: a part of it does not match its checksum. Nothing was imported.',
  notEmpty: 'This business already holds data. An archive can only be imported into a newly registered, empty business.',
  newer: 'The archive comes from a newer version of Bizdesk than this server. Update this server, then import it again.',
  expired: 'This archive has expired. Prepare a new one.',
  notReady: 'This archive is not ready yet',
} as const;
