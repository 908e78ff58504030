import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/**
 * The business archive's format (issue 36 item 4): a gzip'd tar (tar-stream) holding
 *   manifest.json          — format, format version, the migration level it was written at, the business, and for each
 *                            table its columns, row count and SHA-256, for each file its key, size and SHA-256;
 *   tables/<table>.jsonl   — the table's rows of the business, one JSON object per line, as the database wrote them;
 *   files/<key>            — each uploaded file the rows name (key = business id / generated name).
 * JSON Lines, not CSV: arrays, JSON columns, nulls and large integers keep their type and every digit, and a reader
 * (jq, pandas, any language) takes it line by line.
 */
export const ARCHIVE_FORMAT = 'bizdesk-business-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';

export const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

const ZSha = z.string().regex(/^[0-9a-f]{64}$/);
export const ZManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  migrations: z.object({ count: z.number().int().min(0), lastAt: z.number().int().min(0) }),
  business: z.object({ id: z.uuid(), name: z.string() }),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), file: z.string(), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1), rows: z.number().int().min(0), sha256: ZSha })),
  files: z.array(z.object({ key: z.string(), file: z.string(), bytes: z.number().int().min(0), sha256: ZSha })),
  /** Files a row names that storage no longer had when the archive was made. */
  missingFiles: z.array(z.string()),
  /** What stayed on the server, with why. */
  leftBehind: z.record(z.string(), z.string()),
  /** Users whose two-factor sign-in stayed behind (sealed with the old server's key). */
  twoFactorUsers: z.number().int().min(0).optional(),
});
export type TManifest = z.infer<typeof ZManifest>;

export type TArchiveEntry = { name: string; body: Buffer };

/** manifest.json first, so a reader learns what follows before it reads it. */
export const packArchive = async (manifest: TManifest, entries: TArchiveEntry[]): Promise<Buffer> => {
  const { default: tar } = await import('tar-stream'); // loaded by an export, not at every start
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = pipeline(pack, zlib.createGzip({ level: 6 }), async (source: AsyncIterable<Buffer>) => {
    for await (const c of source) chunks.push(c);
  });
  const mtime = new Date(manifest.createdAt);
  const add = (name: string, body: Buffer) => new Promise<void>((resolve, reject) => {
    pack.entry({ name, size: body.length, mtime, mode: 0o644 }, body, (err) => (err ? reject(err) : resolve()));
  });
  await add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
  for (const e of entries) await add(e.name, e.body);
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
};

export class ArchiveError extends Error {}

/**
 * Reads an archive with hard limits (unpacked size, entry count), regular files only; a name outside the layout or a
 * broken stream is an ArchiveError. Nothing is written anywhere.
 */
export const unpackArchive = async (gz: Buffer, limits: { maxBytes: number; maxEntries: number }) => {
  let raw: Buffer;
  try {
    raw = zlib.gunzipSync(gz, { maxOutputLength: limits.maxBytes });
  } catch {
    throw new ArchiveError('not a gzip stream, or larger than allowed unpacked');
  }
  const entries = new Map<string, Buffer>();
  const { default: tar } = await import('tar-stream'); // loaded by an import, not at every start
  const extract = tar.extract();
  try {
    await pipeline(Readable.from([raw]), extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        if (header.type !== 'file' || !/^(manifest\.json|tables\/[a-z0-9_]+\.jsonl|files\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z0-9]{1,5})$/.test(header.name)) {
          next(new ArchiveError(`unexpected entry ${header.name.slice(0, 80)}`));
          return;
        }
        if (entries.has(header.name) || entries.size >= limits.maxEntries) {
          next(new ArchiveError('too many or repeated entries'));
          return;
        }
        entries.set(header.name, Buffer.concat(chunks));
        next();
      });
      stream.on('error', next);
    }));
  } catch (err) {
    throw err instanceof ArchiveError ? err : new ArchiveError('not a tar archive');
  }
  const manifestBytes = entries.get(MANIFEST);
  if (!manifestBytes) throw new ArchiveError('no manifest.json');
  let json: unknown;
  try {
    json = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new ArchiveError('manifest.json is not JSON');
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success) throw new ArchiveError(`manifest.json: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return { manifest: parsed.data, entries };
};

/** A table file's rows: one JSON text per non-empty line (the text goes to the database as it is). */
export const linesOf = (body: Buffer) => body.toString('utf8').split('\n').filter((l) => l.length > 0);

/** Storage keys a row names: `<business id>/<uuid>.<ext>`, wherever they sit (a column, a URL, a JSON document). */
export const fileKeysIn = (line: string, businessId: string) =>
  line.match(new RegExp(`${businessId}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}`, 'g')) ?? [];
