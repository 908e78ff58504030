import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TNotifyInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import { businesses } from '../../db/schema/index.ts';
import type { TDeps } from '../deps.ts';
import { readStoredJwtSecret } from '../auth/secrets.ts';
import { openS3, s3OptionsOf } from '../storage/storage.ts';
import { createBackup } from './dump.ts';
import { archiveName } from './format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NAME = /^bizdesk-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;
/** When an archive of ours was taken, from its name (archiveName); null for any other file. */
export const takenAt = (name: string) => {
  const m = NAME.exec(name);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
};

type TTarget = {
  where: string;
  /** Stores a finished archive under its name. */
  keep: (file: string, name: string) => Promise<string>;
  /** Our archives older than `before` (never `latest`), deleted. */
  prune: (before: number, latest: string) => Promise<string[]>;
  /** Where the archive is written before keep(). */
  workFile: (name: string) => string;
};

const folderTarget = (dir: string): TTarget => ({
  where: dir,
  workFile: (name) => path.join(dir, name),
  keep: async (file) => file,
  prune: async (before, latest) => {
    const deleted: string[] = [];
    for (const name of await fsp.readdir(dir)) {
      const at = takenAt(name);
      if (at === null || name === latest || at >= before) continue;
      await fsp.rm(path.join(dir, name), { force: true });
      deleted.push(name);
    }
    return deleted;
  },
});

const bucketTarget = (deps: TDeps, prefix: string): TTarget => {
  const opts = s3OptionsOf(deps.config)!;
  const work = path.join(os.tmpdir(), 'bizdesk-backups');
  return {
    where: `s3://${opts.bucket}/${prefix}`,
    workFile: (name) => path.join(work, name),
    keep: async (file, name) => {
      const { sdk, s3 } = await openS3(opts);
      try {
        const { size } = await fsp.stat(file);
        await s3.send(new sdk.PutObjectCommand({ Bucket: opts.bucket, Key: `${prefix}${name}`, Body: fs.createReadStream(file), ContentLength: size, ContentType: 'application/gzip' }));
      } finally {
        await fsp.rm(file, { force: true });
      }
      return `s3://${opts.bucket}/${prefix}${name}`;
    },
    prune: async (before, latest) => {
      const { sdk, s3 } = await openS3(opts);
      const deleted: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: opts.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const name = o.Key?.slice(prefix.length) ?? '';
          const at = takenAt(name);
          if (at === null || name === latest || at >= before) continue;
          await s3.send(new sdk.DeleteObjectCommand({ Bucket: opts.bucket, Key: o.Key }));
          deleted.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
  };
};

const findBusinessIds = async (db: DbOrTx) => (await db.select({ id: businesses.id }).from(businesses)).map((b) => b.id);

export type TBackupNotify = (tx: DbOrTx, businessId: string, input: TNotifyInput) => Promise<unknown>;

/**
 * The scheduled backup (BACKUP_SCHEDULE): the same archive as `npm run backup`, to BACKUP_DIR or, with S3, to the
 * bucket under BACKUP_S3_PREFIX; archives past BACKUP_RETENTION_DAYS are deleted after a new one is kept. A failure
 * is logged and told to every business's owner and settings managers (it is the instance's backup, and theirs).
 */
export const createScheduledBackup = (deps: TDeps, peers: { notify: TBackupNotify }) => {
  const { config, log } = deps;
  const target = config.S3_BUCKET ? bucketTarget(deps, config.BACKUP_S3_PREFIX) : folderTarget(config.backupDir);
  return {
    run: async (now = new Date()) => {
      const name = archiveName(now);
      try {
        const { file, manifest } = await createBackup({
          url: deps.database.url, kind: deps.database.kind, storage: deps.storage, out: target.workFile(name),
          jwtSecret: config.JWT_SECRET ? null : await readStoredJwtSecret(config.dataDir),
        });
        const kept = await target.keep(file, name);
        const deleted = await target.prune(now.getTime() - config.BACKUP_RETENTION_DAYS * DAY_MS, name);
        log.info({ backup: kept, tables: manifest.tables.length, files: manifest.files.count, deleted }, 'scheduled backup written');
        return { kept, deleted };
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        log.error({ err, where: target.where }, 'scheduled backup failed');
        for (const businessId of await findBusinessIds(deps.db)) {
          await deps.db.transaction((tx) => peers.notify(tx, businessId, {
            category: 'System', subject: 'settings', actionType: 'Backup failed',
            message: `The scheduled backup could not be written: ${reason}. Your data is unchanged; check the server's disk or storage settings.`,
            messageKey: 'backup.failed', params: { reason },
          })).catch((e: unknown) => log.warn({ err: e, businessId }, 'backup failure not notified'));
        }
        return null;
      }
    },
  };
};
