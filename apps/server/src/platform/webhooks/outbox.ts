import type { TWebhookEvent } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TEvents } from '../events/events.ts';
import { insertJob } from '../jobs/jobs.repo.ts';
import { findSubscribers, insertDeliveries } from './outbox.repo.ts';

/** The job kind that sends one webhook delivery (features/integrations registers its handler). */
export const WEBHOOK_JOB = 'webhookDelivery';
/** Heard by every instance when deliveries were queued and committed: their job runners look for work at once. */
export const WEBHOOKS_QUEUED = 'webhooks.queued';

/**
 * Raises a webhook event from the feature where it happened. Pass the transaction that makes the change: the
 * deliveries (one per subscribed webhook) and their jobs are written in it (an outbox), so an event is never lost and
 * never sent for a change that rolled back, and the request does not wait for any receiver. A business without a
 * subscribed webhook costs one indexed read.
 */
export const raiseWebhookEvent = async (deps: { events: TEvents }, tx: DbOrTx, businessId: string, event: TWebhookEvent | 'webhook.test', data: Record<string, unknown>, only?: string) => {
  const hooks = only ? [{ id: only }] : await findSubscribers(tx, businessId, event);
  if (hooks.length === 0) return 0;
  const deliveries = await insertDeliveries(tx, hooks.map((h) => ({ businessId, webhookId: h.id, event, payload: data })));
  for (const d of deliveries) {
    await insertJob(tx, { businessId, kind: WEBHOOK_JOB, payload: { deliveryId: d.id }, total: 1, createdById: null, key: d.id });
  }
  // Delivered at commit (and dropped with a rollback): a NOTIFY in the transaction, only when something was queued.
  await deps.events.publish(tx, { businessId, type: WEBHOOKS_QUEUED, id: businessId });
  return deliveries.length;
};
