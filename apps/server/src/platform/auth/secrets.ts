import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './passwords.ts';

/** The JWT key: JWT_SECRET when given, else generated once into DATA_DIR/secrets.json and kept. */
export const loadJwtSecret = async (dataDir: string, given?: string) => {
  if (given) return given;
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const jwtSecret = randomToken(48);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
};
