import { randomBytes } from 'node:crypto';
import type { TNotificationLink, TNotificationSubject } from '@bizdesk/contract';
import type { TEvent } from './events/events.ts';
import type { TAuditEntry } from './audit.ts';

/** A notification ready to be written (its id chosen here) and the live event that announces it. */
export type TPendingNotice = {
  row: {
    id: string; businessId: string; category: string; actionType: string; message: string;
    messageKey: string | null; params: Record<string, string | number> | null;
    /** Who may read it and where its detail is (issue 29). */
    subject: TNotificationSubject; link: TNotificationLink | null;
  };
  event: TEvent;
};

/** What a write leaves behind: its audit entries and the notifications it sends. */
export type TRecords = { audit: TAuditEntry[]; notices: TPendingNotice[] };

/**
 * A value the statement itself makes (an automatic number, a name it looks up), for records built before it runs:
 * put `fillIn(name)` where the value goes — as a whole JSON value or inside a string — and give the statement the
 * SQL expression that makes it (statementWithRecords' `fillIns`). The mark carries a key drawn at start-up, so no
 * text a user typed can stand for one.
 */
const MARK_KEY = randomBytes(6).toString('hex');
export const fillIn = (name: string) => `\u0001${MARK_KEY}:${name}\u0001`;
/** The mark as it reads inside JSON text (JSON.stringify writes \u0001 as its escape), as an SQL literal. */
const markInJson = (name: string) => JSON.stringify(fillIn(name)).slice(1, -1).replaceAll("'", "''");

/** The records' JSON text with each fill-in's mark replaced by its value: whole JSON values first, then marks inside strings. */
const filled = (param: string, fillIns: Record<string, string>) => {
  let text = `${param}::text`;
  for (const [name, expr] of Object.entries(fillIns)) {
    text = `replace(${text}, '"${markInJson(name)}"', coalesce(to_json(${expr})::text, 'null'))`;
    const inString = `to_json((${expr})::text)::text`;
    text = `replace(${text}, '${markInJson(name)}', coalesce(substr(${inString}, 2, length(${inString}) - 2), ''))`;
  }
  return `(${text})::jsonb`;
};

export type TStatementParts = {
  /** CTEs before `main` (`chk AS (…), num AS (…)`), for the write and the fill-ins to read. */
  ctes?: string;
  /**
   * SQL expressions by fill-in name whose values replace the records' marks, over what `recordsOf` joins to each
   * record. With fill-ins, each record belongs to one row the write makes (recordParams' `of`), and is written only
   * when that row is.
   */
  fillIns?: Record<string, string>;
  /** With fill-ins: the joins that find a record's row (`rec.of` is its `of`), e.g. `JOIN main ON main.id = rec.of`. */
  recordsOf?: string;
  /** The statement's answer; `SELECT main.* FROM main` unless given. */
  select?: string;
};

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
export const statementWithRecords = (mainText: string, mainParams: number, parts: TStatementParts = {}) => {
  const p = (i: number) => `$${mainParams + i}`;
  const records = (i: number) => (parts.fillIns
    ? `jsonb_to_recordset(${p(i)}::jsonb) AS rec(of uuid, record jsonb) ${parts.recordsOf ?? ''}, jsonb_to_record(${filled('rec.record', parts.fillIns)})`
    : `jsonb_to_recordset(${p(i)}::jsonb)`);
  return `WITH ${parts.ctes ? `${parts.ctes},\n  ` : ''}main AS (${mainText}),
  audit_rows AS (
    INSERT INTO audit_log (business_id, actor_id, actor_kind, action, entity, entity_id, before, after)
    SELECT r.business_id, r.actor_id, r.actor_kind, r.action, r.entity, r.entity_id, r.before, r.after
    FROM ${records(1)} AS r(business_id uuid, actor_id uuid, actor_kind text, action text, entity text, entity_id text, before jsonb, after jsonb)
  ),
  notices AS (
    INSERT INTO notifications (id, business_id, category, action_type, message, message_key, params, subject, link)
    SELECT r.id, r.business_id, r.category, r.action_type, r.message, r.message_key, r.params, r.subject, r.link
    FROM ${records(2)} AS r(id uuid, business_id uuid, category text, action_type text, message text, message_key text, params jsonb, subject text, link jsonb)
  )
${parts.select ?? 'SELECT main.* FROM main'}`;
};

/**
 * The records' parameters for statementWithRecords, after the main statement's: the records of one write, or (with
 * fill-ins) of several, each set with the id of the row it belongs to (`of`).
 */
export const recordParams = (records: TRecords | Array<{ of: string; records: TRecords }>): unknown[] => {
  const audit = (a: TAuditEntry) => ({
    business_id: a.businessId, actor_id: a.actorId, actor_kind: a.actorKind, action: a.action, entity: a.entity, entity_id: a.entityId, before: a.before, after: a.after,
  });
  const notice = ({ row: n }: TPendingNotice) => ({
    id: n.id, business_id: n.businessId, category: n.category, action_type: n.actionType, message: n.message, message_key: n.messageKey, params: n.params, subject: n.subject, link: n.link,
  });
  if (!Array.isArray(records)) return [JSON.stringify(records.audit.map(audit)), JSON.stringify(records.notices.map(notice))];
  return [
    JSON.stringify(records.flatMap(({ of, records: r }) => r.audit.map((a) => ({ of, record: audit(a) })))),
    JSON.stringify(records.flatMap(({ of, records: r }) => r.notices.map((n) => ({ of, record: notice(n) })))),
  ];
};

/** The live events of a write's notifications, for events.announce once it has committed. */
export const noticeEvents = (records: TRecords): TEvent[] => records.notices.map((n) => n.event);
