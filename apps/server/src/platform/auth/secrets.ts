import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './tokens.ts'; // not passwords.ts: main.ts loads this before the rest of the app

type TSecrets = { jwtSecret?: string; databasePassword?: string };

/**
 * Secrets generated once into DATA_DIR/secrets.json (mode 600) and kept: the JWT key (unless JWT_SECRET is
 * given) and the embedded database's password. Written atomically, so a crash never leaves half a file.
 */
const loadSecret = async (dataDir: string, name: keyof TSecrets, minLength: number) => {
  const file = path.join(dataDir, 'secrets.json');
  let stored: TSecrets = {};
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as TSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const existing = stored[name];
  if (existing && existing.length >= minLength) return existing;
  const value = randomToken(48);
  await fs.mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify({ ...stored, [name]: value }, null, 2), { mode: 0o600 });
  await fs.rename(tmp, file);
  return value;
};

/** The JWT key: JWT_SECRET when given, else generated once into DATA_DIR/secrets.json and kept. */
export const loadJwtSecret = async (dataDir: string, given?: string) => given ?? loadSecret(dataDir, 'jwtSecret', 32);

/** The embedded PostgreSQL server's password, generated on first start. */
export const loadDatabasePassword = (dataDir: string) => loadSecret(dataDir, 'databasePassword', 32);

/** The JWT key a restored backup carried (backup/cli.ts), kept as a fresh start would have generated it. */
export const storeJwtSecret = async (dataDir: string, secret: string) => {
  const file = path.join(dataDir, 'secrets.json');
  const stored = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{}')) as TSecrets;
  await fs.mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify({ ...stored, jwtSecret: secret }, null, 2), { mode: 0o600 });
  await fs.rename(tmp, file);
};

/** The JWT key generated into DATA_DIR/secrets.json, if there is one (a backup archives it; see backup/format.ts). */
export const readStoredJwtSecret = async (dataDir: string) =>
  (JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8').catch(() => '{}')) as TSecrets).jwtSecret ?? null;
