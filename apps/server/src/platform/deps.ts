import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config.ts';
import type { Db, TDatabase } from '../db/client.ts';
import type { TJwt } from './auth/jwt.ts';
import type { TMailer } from './mail/mailer.ts';
import type { TStorage } from './storage/storage.ts';
import type { TEvents } from './events/events.ts';
import type { TAi } from './ai/ai.ts';
import type { TPrincipalCache } from './auth/principal-cache.ts';
import type { TSecretBox } from './auth/secret-box.ts';

/** Everything a feature may use; built once in main.ts (or by a test) and handed to buildApp. */
export type TDeps = {
  config: TConfig;
  database: TDatabase;
  db: Db;
  jwt: TJwt;
  mailer: TMailer;
  storage: TStorage;
  events: TEvents;
  /** Who a token's user is, remembered between requests (kept exact by PRINCIPAL_CHANGED events). */
  principals: TPrincipalCache;
  ai: TAi;
  /** Seals secrets kept in the database (authenticator keys) with a key the database does not hold. */
  secretBox: TSecretBox;
  log: FastifyBaseLogger;
};
