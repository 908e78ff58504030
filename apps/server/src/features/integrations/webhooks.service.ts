import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT, type TWebhook, type TWebhookCreate, type TWebhookCreated, type TWebhookDelivery, type TWebhookUpdate,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { JobFailure, JobRetry, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { raiseWebhookEvent, WEBHOOK_JOB, WEBHOOKS_QUEUED } from '../../platform/webhooks/outbox.ts';
import { postWebhook, signatureHeader } from '../../platform/webhooks/send.ts';
import { assertPublicHost, PrivateAddressError } from '../../platform/webhooks/address-guard.ts';
import * as repo from './integrations.repo.ts';

/** Tries of one delivery in all: the first and four retries, each waiting twice as long as the one before. */
export const WEBHOOK_ATTEMPTS = 5;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const DELIVERIES_SHOWN = 50;

const toWebhook = (r: repo.TWebhookRow): TWebhook => ({
  _id: r.id, url: r.url, events: r.events, description: r.description, active: r.active,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});

/** Private addresses are refused in production unless the operator allows them (a closed network, the tests). */
export const allowsPrivateAddresses = (config: Pick<TDeps['config'], 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'>) =>
  config.NODE_ENV !== 'production' || config.WEBHOOK_ALLOW_PRIVATE === 'true';

export const createWebhooksService = (deps: TDeps, opts: { jobs: TJobRunner }) => {
  const { db, config } = deps;
  const allowPrivate = allowsPrivateAddresses(config);

  // A delivery queued and committed anywhere wakes every instance's runner (one of them takes it).
  deps.events.subscribeAll((e) => {
    if (e.type === WEBHOOKS_QUEUED) opts.jobs.kick();
  });

  /** Says at once when a URL can never be delivered to (a private address in production) rather than in the log later. */
  const checkUrl = async (url: string) => {
    try {
      await assertPublicHost(url, { allowPrivate });
    } catch (err) {
      if (err instanceof PrivateAddressError) throw badRequest(`url: ${err.message}`);
      // A name that does not resolve now may later; the delivery log will say.
    }
  };

  opts.jobs.register(WEBHOOK_JOB, async (ctx) => {
    const { deliveryId } = ctx.job.payload as { deliveryId: string };
    const d = await repo.getDeliveryToSend(db, ctx.job.businessId, deliveryId);
    if (!d || d.status !== 'pending') return; // the webhook was deleted, or this delivery ended already
    const secret = deps.secretBox.open(d.secret, d.webhookId);
    if (!secret) throw new JobFailure('The webhook\'s signing secret cannot be opened (was the server secret changed?)');
    const body = JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), businessId: ctx.job.businessId, data: d.payload });
    const attempt = ctx.job.attempts;
    const res = await postWebhook({
      url: d.url, body, timeoutMs: WEBHOOK_TIMEOUT_MS, allowPrivate,
      headers: {
        'bizdesk-signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
        'bizdesk-event': d.event,
        'bizdesk-delivery': d.id,
        'bizdesk-attempt': String(attempt),
      },
    });
    const last = attempt >= WEBHOOK_ATTEMPTS;
    const status = res.ok ? 'delivered' : last ? 'failed' : 'pending';
    await repo.recordAttempt(db, {
      businessId: ctx.job.businessId, deliveryId: d.id, attempt, statusCode: res.statusCode, durationMs: res.durationMs, error: res.error,
    }, { status });
    if (res.ok) return;
    if (last) throw new JobFailure(res.error ?? 'The delivery failed');
    throw new JobRetry(res.error ?? 'The delivery failed');
  }, { retryLimit: WEBHOOK_ATTEMPTS - 1, retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS, expireInSeconds: 120 });

  const getOr404 = async (auth: TUserAuth, id: string) => {
    const row = await repo.getWebhook(db, auth.businessId, id);
    if (!row) throw notFound('Webhook');
    return row;
  };

  return {
    find: async (auth: TUserAuth) => (await repo.findWebhooks(db, auth.businessId)).map(toWebhook),

    /** The signing secret is in this answer only; it is kept sealed (it must sign every delivery, so it cannot be hashed). */
    create: async (auth: TUserAuth, input: TWebhookCreate): Promise<TWebhookCreated> => {
      await checkUrl(input.url);
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        const row = await repo.insertWebhook(tx, {
          id, businessId: auth.businessId, url: input.url, events: input.events, description: input.description ?? null, secret: deps.secretBox.seal(secret, id),
        });
        const hook = toWebhook(row);
        await audit(tx, auth, 'webhook.created', { entity: 'webhook', entityId: id, after: hook });
        return { ...hook, secret };
      });
    },

    update: async (auth: TUserAuth, id: string, input: TWebhookUpdate) => {
      if (input.url) await checkUrl(input.url);
      return db.transaction(async (tx) => {
        const before = toWebhook(await getOr404(auth, id));
        const after = toWebhook((await repo.updateWebhook(tx, auth.businessId, id, {
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
        }))!);
        await audit(tx, auth, 'webhook.updated', { entity: 'webhook', entityId: id, before, after });
        return after;
      });
    },

    /** Its deliveries and their log go with it; a delivery in flight finds nothing to send. */
    delete: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await repo.deleteWebhook(tx, auth.businessId, id);
        if (!row) throw notFound('Webhook');
        await audit(tx, auth, 'webhook.deleted', { entity: 'webhook', entityId: id, before: toWebhook(row) });
        return null;
      }),

    deliveries: async (auth: TUserAuth, id: string): Promise<TWebhookDelivery[]> => {
      await getOr404(auth, id);
      return (await repo.findDeliveries(db, auth.businessId, id, DELIVERIES_SHOWN)).map((d) => ({
        _id: d.id, event: d.event, status: d.status as TWebhookDelivery['status'], createdAt: d.createdAt.toISOString(), finishedAt: d.finishedAt?.toISOString() ?? null,
        attempts: d.attempts.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, at: a.createdAt.toISOString() })),
      }));
    },

    /** A `webhook.test` delivery to this webhook only (active or not), through the same queue, signature and log. */
    sendTest: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        await getOr404(auth, id);
        await raiseWebhookEvent(deps, tx, auth.businessId, WEBHOOK_TEST_EVENT, { message: 'A test event from Bizdesk', sentBy: auth.userName }, id);
        return null;
      }),
  };
};
export type TWebhooksService = ReturnType<typeof createWebhooksService>;
