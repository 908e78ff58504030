import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Off (client address from the socket), a hop count, or the proxies' addresses/CIDR ranges.
 * Never `true`: trusting every hop lets any client choose its address with X-Forwarded-For.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{1,2}$/.test(v) || v === 'false' || v.split(',').every((e) => isProxyEntry(e.trim())),
    'must be a number of proxy hops such as 1, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8,127.0.0.1',
  )
  .transform((v): false | number | string[] => {
    if (v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((e) => e.trim());
  });

const ZConfig = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(500).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').default(10_000),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('must be a full URL such as https://bizdesk.example.com').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Bizdesk <no-reply@bizdesk.local>'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url('must be a full URL').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  AI_BASE_URL: z.url('must be a full URL').optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: ZTrustProxy.optional(),
  /** Staff-list pages each instance keeps, each answered again only while the list is unchanged; 0 turns it off. */
  LIST_CACHE_PAGES: z.coerce.number().int().min(0).max(100_000).default(200),
  /** Documents each business may have read (OCR) per hour, counted in the database across instances. */
  OCR_DOCUMENTS_PER_HOUR: z.coerce.number().int().min(1, 'must be at least 1').max(1_000_000).default(100),
  /** Turns GET /metrics on (Prometheus format); a scrape must send it as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * How long a running job's claim lasts unless its instance renews it (every third of it): a job whose instance
   * died is taken over after about this long plus the retry delay. Shorter means faster takeover and more writes.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2, 'must be at least 2').max(3600).default(15),
  /** The first retry of a failed or interrupted job waits this long (to twice as long); each further one doubles it. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1, 'must be at least 1').max(3600).default(5),
  /** Requests each API key may make per minute, counted in the database across instances. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1, 'must be at least 1').max(1_000_000).default(600),
  /** Webhooks to private, loopback or link-local addresses: refused in production unless this is true (tests, a closed network). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  /** The first retry of a failed webhook delivery waits this long (up to twice as long); each further retry doubles it. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1, 'must be at least 1').max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** When the scheduled backup runs (cron, UTC), or `off`; unset: daily at 02:00 on the embedded database, off with DATABASE_URL. */
  BACKUP_SCHEDULE: z.string().trim().regex(/^(off|\S+(\s+\S+){4})$/, 'must be a cron expression of five fields such as "0 2 * * *", or off').optional(),
  /** Scheduled backups older than this many days are deleted after a new one is written. */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(3650).default(7),
  /** Where scheduled backups go without S3 (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().optional(),
  /** With S3_BUCKET, scheduled backups go to the bucket under this prefix. */
  BACKUP_S3_PREFIX: z.string().regex(/^[A-Za-z0-9._/-]*$/, 'may hold only letters, digits and . _ / -').default('backups/'),
});

export type TConfig = z.infer<typeof ZConfig> & {
  dataDir: string; publicUrl: string; trustProxy: false | number | string[];
  /** The scheduled backup: its cron, or null when off (backup/scheduled.ts). */
  backupCron: string | null;
  backupDir: string;
};

/**
 * Fastify's `trustProxy` for the setting. Fastify no longer takes a bare hop count (it cannot tell the
 * proxy from a client that reaches the port directly), so a count becomes a function trusting that many
 * hops: only safe when the port is reachable solely through the proxies (docs/deploy.md).
 */
export const trustProxyOption = (value: TConfig['trustProxy']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

/** Daily at 02:00 UTC (03:00 in Lagos), when offices are closed. */
export const DEFAULT_BACKUP_CRON = '0 2 * * *';

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with one line naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    trustProxy: c.TRUST_PROXY ?? false,
    // On by default where this process owns the database (one machine); an external PostgreSQL has its own backups.
    backupCron: (c.BACKUP_SCHEDULE ?? (c.DATABASE_URL ? 'off' : DEFAULT_BACKUP_CRON)) === 'off' ? null : (c.BACKUP_SCHEDULE ?? DEFAULT_BACKUP_CRON).replace(/\s+/g, ' '),
    backupDir: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups')),
  };
};
