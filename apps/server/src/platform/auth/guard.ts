import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, API_KEY_PREFIX, INTEGRATIONS_MSG, MODULE_ROLES, MSG, type TRole } from '@bizdesk/contract';
import { AppError, forbidden } from '../errors.ts';
import type { TJwt, TTokenClaims } from './jwt.ts';

type TAuthBase = { businessId: string; businessName: string; ownerEmail: string; country: string; timeZone: string };
/**
 * `apiKeyId`: the caller is an integration with an API key (issue 36), acting for the owner who made it (`userId`)
 * with the key's module roles only. It passes only routes that name one of those roles, and none marked humansOnly.
 */
export type TUserAuth = TAuthBase & { kind: 'user'; userId: string; email: string; userName: string; roles: TRole[]; apiKeyId?: string };
/** `hasPin` false: the session a bare portal code opened, which may only choose the PIN (routes allowing 'portal-setup'). */
export type TPortalAuth = TAuthBase & { kind: 'portal'; employeeId: string; hasPin: boolean };
export type TCollectorAuth = TAuthBase & { kind: 'collector'; collectionPointId: string; employeeNumber: string };
export type TAuth = TUserAuth | TPortalAuth | TCollectorAuth;

/**
 * Who may call a route: any signed-in user of the business, a role (owner passes every role), or a portal/collector
 * token. 'portal' is an employee signed in with code and PIN; 'portal-setup' is any portal token, the one a bare
 * code opened before the employee chose a PIN included.
 */
export type TAllow = 'user' | TRole | 'portal' | 'portal-setup' | 'collector';
export type TAccess = 'public' | TAllow[];

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuth | null;
    /** The verified claims of the caller's token (its `ver` lets a live stream notice revocation). */
    tokenClaims: TTokenClaims | null;
  }
  interface FastifyContextConfig {
    access?: TAccess;
    /** A route about the signed-in person's own account (two-factor sign-in): an API key may not call it whatever its roles. */
    humansOnly?: boolean;
  }
}

export const allow = (...who: TAllow[]) => ({ access: who as TAccess });
export const publicRoute = { access: 'public' as TAccess };
/** Refuses API keys on a route whatever roles they hold (spread into the route's config beside allow()). */
export const humansOnly = { humansOnly: true };

/** Turns verified claims into the caller; null when the subject is gone or the token was revoked. */
export type TPrincipalLoader = (claims: TTokenClaims) => Promise<TAuth | null>;
/** Turns an API key into its caller; null when unknown, revoked or expired; throws 429 past the key's rate limit. */
export type TApiKeyLoader = (secret: string) => Promise<TUserAuth | null>;
type TGuardDeps = { jwt: TJwt; loadPrincipal: TPrincipalLoader; loadApiKey?: TApiKeyLoader };

const unauthenticated = (message: string = MSG.notSignedIn) => new AppError('UNAUTHENTICATED', message, 401);

const isAllowed = (auth: TAuth, access: TAllow[]) =>
  access.some((a) => {
    if (a === 'portal-setup') return auth.kind === 'portal';
    if (a === 'portal') return auth.kind === 'portal' && auth.hasPin;
    if (a === 'collector') return auth.kind === a;
    if (auth.kind !== 'user') return false;
    // A key holds module roles only (never owner or Settings-access): it passes routes naming one of them.
    if (auth.apiKeyId) return a !== 'user' && auth.roles.includes(a);
    if (a === 'user') return true;
    return auth.roles.includes('owner') || auth.roles.includes(a);
  });

/**
 * Runs before the body is read, so a caller without a valid token gets 401 whatever it sent.
 * Access is read from the matched route's own config, never from the URL text: the router decodes
 * the path (`/%61pi/…` is `/api/…`), so any test on `req.url` could be stepped around.
 * A route that declares no access rule is refused: the route-table test lists such routes.
 * Routes outside /api (the web app's files, the API docs) are public unless they say otherwise.
 */
export const registerGuard = (app: FastifyInstance, deps: TGuardDeps) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenClaims', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && (route.config as { access?: TAccess } | undefined)?.access === undefined) {
      route.config = { ...(route.config as object), access: 'public' } as typeof route.config;
    }
  });
  /** From here on every log line of the request (Fastify's own "request completed" too) names the caller's business. */
  const bindCaller = (req: FastifyRequest, reply: FastifyReply, auth: TAuth) => {
    const bound = req.log.child({ businessId: auth.businessId, ...(auth.kind === 'user' ? { userId: auth.userId } : {}) });
    req.log = bound;
    reply.log = bound;
  };
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.is404) return; // no route matched: the not-found handler answers
    const access = req.routeOptions.config?.access;
    if (access === undefined) {
      req.log.error({ route: req.routeOptions.url }, 'route has no access rule');
      throw forbidden('This route has no access rule');
    }
    const header = req.headers.authorization;
    const keyHeader = req.headers[API_KEY_HEADER];
    // X-Api-Key carries API keys only (a session token there is not looked at).
    const apiKey = typeof keyHeader === 'string' && keyHeader.trim().startsWith(API_KEY_PREFIX) ? keyHeader.trim() : undefined;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : apiKey;
    if (access === 'public') {
      if (token) await resolve(deps, token).then(({ auth, claims }) => { req.auth = auth; req.tokenClaims = claims; bindCaller(req, reply, auth); }, () => undefined);
      return;
    }
    if (!token) throw unauthenticated();
    const { auth, claims } = await resolve(deps, token);
    if (auth.kind === 'user' && auth.apiKeyId && (req.routeOptions.config?.humansOnly || !access.some((a) => (MODULE_ROLES as readonly string[]).includes(a)))) {
      throw forbidden(INTEGRATIONS_MSG.keyNotAllowed);
    }
    bindCaller(req, reply, auth);
    if (!isAllowed(auth, access)) {
      throw forbidden(auth.kind === 'portal' && !auth.hasPin && access.includes('portal') ? MSG.portalPinNeeded : MSG.forbidden);
    }
    req.auth = auth;
    req.tokenClaims = claims;
  });
};

const resolve = async (deps: TGuardDeps, token: string): Promise<{ auth: TAuth; claims: TTokenClaims | null }> => {
  if (token.startsWith(API_KEY_PREFIX)) {
    const auth = deps.loadApiKey ? await deps.loadApiKey(token) : null;
    if (!auth) throw unauthenticated(MSG.sessionExpired);
    return { auth, claims: null };
  }
  const claims = await deps.jwt.verify(token);
  if (!claims) throw unauthenticated(MSG.sessionExpired);
  const auth = await deps.loadPrincipal(claims);
  if (!auth) throw unauthenticated(MSG.sessionExpired);
  return { auth, claims };
};

export const userAuth = (req: FastifyRequest): TUserAuth => {
  if (req.auth?.kind !== 'user') throw forbidden(MSG.forbidden);
  return req.auth;
};

export const hasRole = (auth: TUserAuth, role: TRole) => auth.roles.includes('owner') || auth.roles.includes(role);

/**
 * Spec paths that carry an e-mail name the business through its owner's e-mail.
 * The caller's own e-mail is accepted too; anything else is another business: 403, no data.
 */
export const assertBusinessEmail = (auth: TAuth, email: string) => {
  const e = email.trim().toLowerCase();
  if (e === auth.ownerEmail.toLowerCase()) return;
  if (auth.kind === 'user' && e === auth.email.toLowerCase()) return;
  throw forbidden(MSG.otherBusiness);
};
