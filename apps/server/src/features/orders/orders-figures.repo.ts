import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Procurement's money for the analyst (issue 35): what approved, live orders commit, what was received against them
 * (received quantity × the order's unit price), what was invoiced and what was paid. Minor units.
 */
export const findProcurementFigures = async (db: DbOrTx, businessId: string) => {
  const res = (await db.execute(sql`
    select
      (select count(*) from purchase_orders o where o.business_id = ${businessId} and o.approval_status = 'approved' and o.cancelled_at is null)::int as orders,
      (select coalesce(sum(o.total_minor), 0) from purchase_orders o where o.business_id = ${businessId} and o.approval_status = 'approved' and o.cancelled_at is null)::text as committed,
      (select coalesce(sum((l.received_milli * l.unit_price_minor) / 1000), 0) from order_lines l join purchase_orders o on o.id = l.order_id
        where l.business_id = ${businessId} and o.approval_status = 'approved' and o.cancelled_at is null)::text as received,
      (select coalesce(sum(i.total_minor), 0) from vendor_invoices i where i.business_id = ${businessId})::text as invoiced,
      (select coalesce(sum(p.amount_minor), 0) from order_payments p where p.business_id = ${businessId} and p.status = 'paid')::text as paid,
      (select coalesce(sum(p.amount_minor), 0) from order_payments p where p.business_id = ${businessId} and p.status in ('pending-approval', 'scheduled'))::text as scheduled`)) as unknown as { rows: Array<{ orders: number; committed: string; received: string; invoiced: string; paid: string; scheduled: string }> };
  const r = res.rows[0];
  return { orders: Number(r.orders), committedMinor: Number(r.committed), receivedMinor: Number(r.received), invoicedMinor: Number(r.invoiced), paidMinor: Number(r.paid), scheduledMinor: Number(r.scheduled) };
};
export type TProcurementFigures = Awaited<ReturnType<typeof findProcurementFigures>>;
