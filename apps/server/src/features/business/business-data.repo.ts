import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// The only place with SQL for a business's whole-data archive (issue 36 item 4). It reads the tables from the
// database's own catalogue, so a table a later feature adds travels without a change here.

/**
 * Tables with a business_id that are not the business's records, with why:
 * - jobs, import_rows: the server's work in progress (the export's own job among them), not records;
 * - auth_tokens, mail_outbox: single-use links and the delivery log, made for this server's address;
 * - employee_live_counts: a cache the employees trigger rebuilds as the employees arrive;
 * - user_two_factor, user_recovery_codes: sealed with this server's key (unusable elsewhere); their users enrol again.
 * - webhooks and their deliveries: the signing secret is sealed with this server's key; the owner adds them again on the
 *   new server (a new secret for the receiver). API keys travel: only their SHA-256 is kept, valid on any server.
 */
export const LEFT_BEHIND: Record<string, string> = {
  jobs: 'the server\'s own work queue',
  import_rows: 'rows staged by an import in progress',
  auth_tokens: 'single-use sign-in links made for this server',
  mail_outbox: 'the e-mail delivery log',
  employee_live_counts: 'a cache rebuilt from the employees',
  user_two_factor: 'authenticator keys sealed with this server\'s key',
  user_recovery_codes: 'recovery codes of the two-factor enrolment',
  webhooks: 'webhook signing secrets sealed with this server\'s key',
  webhook_deliveries: 'the webhook delivery log of this server',
  webhook_attempts: 'the webhook delivery log of this server',
};

/**
 * What registration makes, and the defaults a screen writes on first visit (settings, the seeded leave types and public
 * holidays): a business whose rows are only these is empty, nothing anyone entered is lost when an archive replaces it.
 */
const REGISTRATION_TABLES = new Set([
  'businesses', 'users', 'units', 'audit_log', 'notifications', 'business_security',
  'time_settings', 'leave_types', 'holidays', 'procurement_settings', 'appraisal_settings',
]);

export type TTableInfo = {
  name: string;
  /** Columns the archive carries: every stored column but generated ones. */
  columns: string[];
  /** Identity columns generated ALWAYS need OVERRIDING SYSTEM VALUE to keep their values. */
  hasIdentityAlways: boolean;
  /** A foreign key to itself: its rows go in one statement, so the check sees them all. */
  isSelfReferencing: boolean;
};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The business's tables, parents before children (by their foreign keys). */
export const findBusinessTables = async (db: DbOrTx): Promise<TTableInfo[]> => {
  const cols = rowsOf<{ table: string; column: string; generated: string; identity: string | null }>(await db.execute(sql`
    SELECT c.table_name AS "table", c.column_name AS "column", c.is_generated AS "generated", c.identity_generation AS "identity"
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public'
    ORDER BY c.table_name, c.ordinal_position`));
  const byTable = new Map<string, typeof cols>();
  for (const c of cols) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  const names = [...byTable.keys()].filter((t) => !(t in LEFT_BEHIND) && (t === 'businesses' || byTable.get(t)!.some((c) => c.column === 'business_id')));
  const edges = rowsOf<{ child: string; parent: string }>(await db.execute(sql`
    SELECT child.relname AS "child", parent.relname AS "parent"
    FROM pg_constraint con
    JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid
    WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace`));
  const inSet = new Set(names);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  const selfRef = new Set<string>();
  for (const e of edges) {
    if (!inSet.has(e.child) || !inSet.has(e.parent)) continue;
    if (e.child === e.parent) selfRef.add(e.child);
    else parents.get(e.child)!.add(e.parent);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p))).sort();
    if (ready.length === 0) throw new Error(`business tables refer to each other in a cycle: ${names.filter((n) => !done.has(n)).join(', ')}`);
    for (const n of ready) {
      ordered.push(n);
      done.add(n);
    }
  }
  return ordered.map((name) => {
    const all = byTable.get(name)!;
    return {
      name,
      columns: all.filter((c) => c.generated !== 'ALWAYS').map((c) => c.column),
      hasIdentityAlways: all.some((c) => c.identity === 'ALWAYS'),
      isSelfReferencing: selfRef.has(name),
    };
  });
};

/**
 * Foreign keys between the business's tables (child columns → parent columns), for the import's last check: an archive
 * may name only its own business's rows, never another tenant's, even by a valid id.
 */
export const findBusinessForeignKeys = async (db: DbOrTx, tables: TTableInfo[]) => {
  const names = new Set(tables.map((t) => t.name));
  const rows = rowsOf<{ child: string; parent: string; childCols: string[]; parentCols: string[] }>(await db.execute(sql`
    SELECT child.relname AS "child", parent.relname AS "parent",
      (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS "childCols",
      (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS "parentCols"
    FROM pg_constraint con
    JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid
    WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace`));
  return rows.filter((r) => names.has(r.child) && names.has(r.parent) && r.child !== 'businesses');
};

/** The first foreign key by which the business's rows name a row of another business, if any. */
export const findForeignReference = async (db: DbOrTx, fks: Awaited<ReturnType<typeof findBusinessForeignKeys>>, businessId: string) => {
  for (const fk of fks) {
    const on = fk.childCols.map((c, i) => `c.${q(c)} = p.${q(fk.parentCols[i])}`).join(' AND ');
    const other = fk.parent === 'businesses' ? 'p.id <> c.business_id' : 'p.business_id <> c.business_id';
    const hit = rowsOf(await db.execute(sql`SELECT 1 FROM ${sql.raw(q(fk.child))} c JOIN ${sql.raw(q(fk.parent))} p ON ${sql.raw(on)}
      WHERE c.business_id = ${businessId} AND ${sql.raw(other)} LIMIT 1`));
    if (hit.length) return `${fk.child}.${fk.childCols.join(',')} → ${fk.parent}`;
  }
  return null;
};

/** The migration level of this database: how many migrations ran and the journal time of the last one. */
export const getMigrationLevel = async (db: DbOrTx) => {
  const [row] = rowsOf<{ count: number; lastAt: string }>(await db.execute(sql`SELECT count(*)::int AS "count", coalesce(max(created_at), 0)::bigint::text AS "lastAt" FROM drizzle.__drizzle_migrations`));
  return { count: row.count, lastAt: Number(row.lastAt) };
};

const whereBusiness = (table: string) => (table === 'businesses' ? 'id = $1' : 'business_id = $1');

/**
 * Streams one table's rows of the business as JSON text (one row per string), a batch at a time, on a client already
 * inside the export's snapshot transaction. JSON is made by the database, so bigint and numeric keep every digit.
 */
export const streamRows = async (client: pg.PoolClient, table: TTableInfo, businessId: string, onBatch: (lines: string[]) => void) => {
  const list = table.columns.map(q).join(', ');
  await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${list} FROM ${q(table.name)} WHERE ${whereBusiness(table.name)}) r`, [businessId]);
  for (;;) {
    const { rows } = await client.query<{ j: string }>('FETCH 2000 FROM export_rows');
    if (rows.length === 0) break;
    onBatch(rows.map((r) => r.j));
  }
  await client.query('CLOSE export_rows');
};

/** Tables other than registration's that hold rows of the business (users: other than `ownerId`), in one statement. */
export const findHeldData = async (db: DbOrTx, tables: TTableInfo[], businessId: string, ownerId: string) => {
  const probes = tables.filter((t) => !REGISTRATION_TABLES.has(t.name) || t.name === 'users').map((t) => {
    const extra = t.name === 'users' ? sql` AND id <> ${ownerId}` : sql``;
    return sql`SELECT ${t.name}::text AS name WHERE EXISTS (SELECT 1 FROM ${sql.raw(q(t.name))} WHERE business_id = ${businessId}${extra})`;
  });
  if (probes.length === 0) return [];
  return rowsOf<{ name: string }>(await db.execute(sql.join(probes, sql` UNION ALL `))).map((r) => r.name);
};

/** Addresses of `emails` held by users or business owners elsewhere on this server (outside `exceptBusinessId`). */
export const findTakenEmails = async (db: DbOrTx, emails: string[], exceptBusinessId: string) => {
  if (emails.length === 0) return [];
  const list = sql.join(emails.map((e) => sql`${e.toLowerCase()}`), sql`, `);
  const rows = rowsOf<{ email: string }>(await db.execute(sql`
    SELECT lower(email) AS email FROM users WHERE lower(email) IN (${list}) AND business_id <> ${exceptBusinessId}
    UNION SELECT lower(owner_email) FROM businesses WHERE lower(owner_email) IN (${list}) AND id <> ${exceptBusinessId}`));
  return rows.map((r) => r.email).sort();
};

export const hasBusiness = async (db: DbOrTx, businessId: string) =>
  rowsOf(await db.execute(sql`SELECT 1 FROM businesses WHERE id = ${businessId}`)).length > 0;

export const lockBusiness = (db: DbOrTx, businessId: string) => db.execute(sql`SELECT id FROM businesses WHERE id = ${businessId} FOR UPDATE`);

/** The newly registered business an archive replaces: every row of it goes (the foreign keys cascade). */
export const deleteBusiness = async (db: DbOrTx, businessId: string) => {
  await db.execute(sql`DELETE FROM employee_live_counts WHERE business_id = ${businessId}`);
  await db.execute(sql`DELETE FROM businesses WHERE id = ${businessId}`);
};

/**
 * Inserts archived rows (JSON text, one per row) as they were, ids and all. Only the columns the archive names are
 * written, so an archive from an older server (fewer columns) gets the defaults of the columns added since.
 */
export const insertRows = async (db: DbOrTx, table: TTableInfo, columns: string[], lines: string[]) => {
  const list = columns.map(q).join(', ');
  const overriding = table.hasIdentityAlways ? ' OVERRIDING SYSTEM VALUE' : '';
  await db.execute(sql`INSERT INTO ${sql.raw(q(table.name))} (${sql.raw(list)})${sql.raw(overriding)}
    SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(q(table.name))}, ${`[${lines.join(',')}]`}::json)`);
};

/** The business's newest export job, or one still under way (`open`). */
export const findLatestExportId = async (db: DbOrTx, businessId: string, kind: string, opts: { open?: boolean } = {}) =>
  rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM jobs WHERE business_id = ${businessId} AND kind = ${kind}
    ${opts.open ? sql`AND status IN ('queued', 'running')` : sql``} ORDER BY created_at DESC LIMIT 1`))[0]?.id;

/** Prepared archives past their expiry whose file is still stored. */
export const findExpiredExports = async (db: DbOrTx, kind: string) =>
  rowsOf<{ id: string; key: string }>(await db.execute(sql`
    SELECT id, result->>'key' AS key FROM jobs
    WHERE kind = ${kind} AND status = 'succeeded' AND result->>'deletedAt' IS NULL AND (result->>'expiresAt')::timestamptz < now()`));

export const markExportDeleted = (db: DbOrTx, id: string) =>
  db.execute(sql`UPDATE jobs SET result = result || jsonb_build_object('deletedAt', now()) WHERE id = ${id}`);
