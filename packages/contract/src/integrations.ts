import { z } from 'zod';
import { ZId } from './common.ts';
import { MODULE_ROLES } from './roles.ts';

/**
 * Integrations (issue 36 item 6): API keys an owner hands to other software, and webhooks that tell it what happened.
 * A key holds module roles only (never owner or Settings-access), so it cannot manage keys, users, settings or 2FA.
 */
export const API_KEY_PREFIX = 'bzk_';
/** What an integrator sends: `Authorization: Bearer bzk_…` or `X-Api-Key: bzk_…`. */
export const API_KEY_HEADER = 'x-api-key';

export const INTEGRATIONS_MSG = {
  keyCreated: 'API key created. Copy it now: it will not be shown again.',
  keyRevoked: 'API key revoked',
  keyNotAllowed: 'An API key cannot do this; sign in as a person',
  webhookCreated: 'Webhook created. Copy its signing secret now: it will not be shown again.',
  webhookSaved: 'Webhook saved',
  webhookDeleted: 'Webhook deleted',
  testQueued: 'Test event queued',
} as const;

export const ZApiKeyRoles = z.array(z.enum(MODULE_ROLES, { message: `must be one of: ${MODULE_ROLES.join(', ')}` }))
  .min(1, 'choose at least one role').max(MODULE_ROLES.length)
  .refine((r) => new Set(r).size === r.length, 'must not repeat a role');

export const ZApiKeyCreate = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  roles: ZApiKeyRoles,
  expiresAt: z.iso.datetime({ offset: true, message: 'must be a date and time such as 2027-01-31T00:00:00Z' })
    .refine((v) => Date.parse(v) > Date.now(), 'must be in the future').nullable().optional(),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

export const ZApiKey = z.object({
  _id: ZId,
  name: z.string(),
  roles: z.array(z.string()),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe('updated at most once a minute'),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyCreated = ZApiKey.extend({ secret: z.string().describe('shown once: only its hash is kept') });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'employee.created',
  'employee.updated',
  'leave.decided',
  'payroll.approved',
  'order.approved',
  'stock.below_reorder',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send test event" only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const ZWebhookUrl = z.string().trim().max(2000, 'must be at most 2000 characters')
  // decodeURI refuses broken percent-escapes (`%zz`, `100%`), which receivers' servers answer 400 to anyway.
  .refine((v) => { try { const u = new URL(v); decodeURI(u.href); return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password; } catch { return false; } },
    'must be an http(s) URL such as https://example.com/hooks/bizdesk, without a user name or password');

export const ZWebhookEvents = z.array(z.enum(WEBHOOK_EVENTS, { message: `must be one of: ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length)
  .refine((e) => new Set(e).size === e.length, 'must not repeat an event');

export const ZWebhookCreate = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: z.string().trim().max(200, 'must be at most 200 characters').nullable().optional(),
});
export type TWebhookCreate = z.infer<typeof ZWebhookCreate>;
export const ZWebhookUpdate = z.object({
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  description: z.string().trim().max(200, 'must be at most 200 characters').nullable().optional(),
  active: z.boolean().optional(),
});
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdate>;

export const ZWebhook = z.object({
  _id: ZId,
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
export const ZWebhookCreated = ZWebhook.extend({ secret: z.string().describe('shown once: verify each delivery\'s Bizdesk-Signature with it') });
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  at: z.string(),
});
export const ZWebhookDelivery = z.object({
  _id: ZId,
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(ZWebhookAttempt),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
