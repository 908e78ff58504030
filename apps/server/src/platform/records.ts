import type { TEvent } from './events/events.ts';
import type { TAuditEntry } from './audit.ts';

/** A notification ready to be written (its id chosen here) and the live event that announces it. */
export type TPendingNotice = {
  row: {
    id: string; businessId: string; category: string; actionType: string; message: string;
    messageKey: string | null; params: Record<string, string | number> | null;
  };
  event: TEvent;
};

/** What a write leaves behind: its audit entries and the notifications it sends. */
export type TRecords = { audit: TAuditEntry[]; notices: TPendingNotice[] };

/**
 * A hot write and what it leaves behind as one statement, in one round trip and without BEGIN/COMMIT:
 * `WITH main AS (<the write … RETURNING …>)`, the audit rows and the notifications inserted from JSON
 * parameters. All of it is written or none: a failing write (a unique violation, say) leaves no audit
 * row and no notification. Answers the main statement's rows. The notifications' live events are the
 * caller's to announce once the statement has answered (events.announce, after the commit: a NOTIFY
 * inside it would make every business's commits wait in line).
 *
 * The text is the same whatever the number of records (they travel as JSON), so it can be a named
 * prepared statement. `mainParams` is how many parameters the main statement numbers ($1…$n); the
 * records' two come after them, in the order recordParams gives.
 */
export const statementWithRecords = (mainText: string, mainParams: number) => {
  const p = (i: number) => `$${mainParams + i}`;
  return `WITH main AS (${mainText}),
  audit_rows AS (
    INSERT INTO audit_log (business_id, actor_id, actor_kind, action, entity, entity_id, before, after)
    SELECT business_id, actor_id, actor_kind, action, entity, entity_id, before, after
    FROM jsonb_to_recordset(${p(1)}::jsonb) AS r(business_id uuid, actor_id uuid, actor_kind text, action text, entity text, entity_id text, before jsonb, after jsonb)
  ),
  notices AS (
    INSERT INTO notifications (id, business_id, category, action_type, message, message_key, params)
    SELECT id, business_id, category, action_type, message, message_key, params
    FROM jsonb_to_recordset(${p(2)}::jsonb) AS r(id uuid, business_id uuid, category text, action_type text, message text, message_key text, params jsonb)
  )
SELECT main.* FROM main`;
};

/** The records' parameters for statementWithRecords, after the main statement's. */
export const recordParams = (records: TRecords): unknown[] => [
  JSON.stringify(records.audit.map((a) => ({
    business_id: a.businessId, actor_id: a.actorId, actor_kind: a.actorKind, action: a.action, entity: a.entity, entity_id: a.entityId, before: a.before, after: a.after,
  }))),
  JSON.stringify(records.notices.map(({ row: n }) => ({
    id: n.id, business_id: n.businessId, category: n.category, action_type: n.actionType, message: n.message, message_key: n.messageKey, params: n.params,
  }))),
];

/** The live events of a write's notifications, for events.announce once it has committed. */
export const noticeEvents = (records: TRecords): TEvent[] => records.notices.map((n) => n.event);
