import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/index.ts';

/** The active webhooks of the business that subscribed to `event`. */
export const findSubscribers = (db: DbOrTx, businessId: string, event: string) =>
  db.select({ id: webhooks.id }).from(webhooks)
    .where(and(eq(webhooks.businessId, businessId), eq(webhooks.active, true), sql`${event} = ANY(${webhooks.events})`));

export const insertDeliveries = async (db: DbOrTx, rows: Array<typeof webhookDeliveries.$inferInsert>) =>
  rows.length === 0 ? [] : db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });

