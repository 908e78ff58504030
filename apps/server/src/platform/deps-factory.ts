import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TDeps } from './deps.ts';
import { createJwt } from './auth/jwt.ts';
import { loadJwtSecret } from './auth/secrets.ts';
import { createMailer } from './mail/mailer.ts';
import { createConfiguredStorage } from './storage/storage.ts';
import { createPgEvents } from './events/events.ts';
import { aiConfigFrom, createAi } from './ai/ai.ts';
import { createPrincipalCache } from './auth/principal-cache.ts';
import { createSecretBox } from './auth/secret-box.ts';

/** Wires the platform services from config and an open database (used by main.ts and tests alike). */
export const createDeps = async (config: TConfig, database: TDatabase, log: FastifyBaseLogger): Promise<TDeps> => {
  const jwtSecret = await loadJwtSecret(config.dataDir, config.JWT_SECRET);
  const storage = createConfiguredStorage(config);
  const events = await createPgEvents(database.url, log);
  return {
    config,
    database,
    db: database.db,
    jwt: createJwt(jwtSecret),
    mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log, logUnsent: config.NODE_ENV !== 'production' }),
    storage,
    events,
    principals: createPrincipalCache(events),
    ai: createAi(aiConfigFrom(config), log),
    secretBox: createSecretBox(jwtSecret),
    log,
  };
};
