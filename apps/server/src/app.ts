import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TDeps } from './platform/deps.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerRateLimit } from './platform/http/rate-limit.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { registerGuard, type TAccess, type TAuth } from './platform/auth/guard.ts';

/** What the route-table test walks: every API route with the access rule it declared. */
export type TRouteEntry = { method: string; url: string; access: TAccess | undefined; multipart: boolean };
declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: TRouteEntry[];
  }
}
import type { TTokenClaims } from './platform/auth/jwt.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { createCollectionPointsService } from './features/portal/collection-points.service.ts';
import { collectionPointRoutes } from './features/portal/collection-points.routes.ts';
import { createDepartmentsService } from './features/employees/departments.service.ts';
import { departmentRoutes } from './features/employees/departments.routes.ts';
import { createNotificationsService } from './features/notifications/notifications.service.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Every feature's service, built once; features reach each other only through these. */
export const buildServices = (deps: TDeps) => {
  const notifications = createNotificationsService(deps);
  return {
    auth: createAuthService(deps),
    users: createUsersService(deps),
    collectionPoints: createCollectionPointsService(deps),
    departments: createDepartmentsService(deps),
    notifications,
  };
};
export type TServices = ReturnType<typeof buildServices>;

export const buildApp = async (deps: TDeps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> => {
  const app: FastifyInstance = Fastify({
    loggerInstance: opts.logger === undefined ? deps.log : undefined,
    logger: opts.logger === undefined ? undefined : opts.logger,
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  } as any) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/')) reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  const catalogue: TRouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    // swagger-ui registers its own routes; they are public documentation.
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), access: 'public' } as any;
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      catalogue.push({ method, url: route.url, access: (route.config as { access?: TAccess } | undefined)?.access, multipart: Boolean((route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data')) });
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
      },
    },
  });
  await registerRateLimit(app, deps.db);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 200 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bizdesk API', version: '1.0.0', description: 'Every call of the Bizdesk specification. Bearer token from POST /api/v1/auth/login.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  const services = buildServices(deps);
  const loadPrincipal = async (claims: TTokenClaims): Promise<TAuth | null> => {
    if (claims.scope === 'user') return services.auth.loadUser(claims);
    return null;
  };
  registerGuard(app, { jwt: deps.jwt, loadPrincipal });

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(services.auth));
  await app.register(userRoutes(services.users));
  await app.register(collectionPointRoutes(services.collectionPoints));
  await app.register(departmentRoutes(services.departments));
  await app.register(notificationRoutes(services.notifications));

  const webDist = deps.config.WEB_DIST ? path.resolve(deps.config.WEB_DIST) : DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, serve: true, maxAge: '1y', immutable: true, allowedPath: (p) => p.startsWith('/assets/') || /\.(png|svg|ico|txt|webmanifest|json)$/.test(p) });
    const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
    // The SPA owns every non-API path (its router shows the 404 page).
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.method !== 'GET') {
        return reply.code(404).send({ success: false, message: `No API route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  }
  return app;
};
