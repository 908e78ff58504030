import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { TEmployee, TEmployeeFilter, TPersonRef } from '@bizdesk/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead, preparedStatement, type TPreparedRead } from '../../db/prepared.ts';
import { containsText, likeContains, startsFirst } from '../../platform/search.ts';
import { recordParams, statementWithRecords, type TRecords } from '../../platform/records.ts';
import { businesses, departments, designations, employeeLiveCounts, employeeNumberCounters, employees, units } from '../../db/schema/index.ts';

export type TEmployeeValues = typeof employees.$inferInsert;
const { searchText: _searchText, ...employeeColumns } = getTableColumns(employees);
const columns = {
  ...employeeColumns,
  department: departments.name,
  unitId: units.id,
  unit: units.name,
  designation: designations.name,
};
export type TEmployeeRow = Omit<typeof employees.$inferSelect, 'searchText'> & {
  department: string | null; unitId: string | null; unit: string | null; designation: string | null;
};

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

export const photoPath = (id: string) => `/api/v1/employee/photo/${id}`;

export const toEmployee = (r: TEmployeeRow): TEmployee => ({
  _id: r.id,
  employeeNumber: r.employeeNumber,
  firstName: r.firstName,
  lastName: r.lastName,
  name: fullName(r),
  email: r.email,
  phone: r.phone,
  gender: r.gender,
  dateOfBirth: r.dateOfBirth,
  address: r.address,
  nextOfKinName: r.nextOfKinName,
  nextOfKinPhone: r.nextOfKinPhone,
  employmentType: r.employmentType,
  startDate: r.startDate,
  departmentId: r.departmentId,
  department: r.department,
  unitId: r.unitId,
  unit: r.unit,
  designationId: r.designationId,
  designation: r.designation,
  // Division only to show the amount; every computation uses grossIncomeMinor.
  grossIncome: r.grossIncome === null ? null : r.grossIncome / 100,
  grossIncomeMinor: r.grossIncome,
  imagePath: r.photoKey ? photoPath(r.id) : null,
  appraiserId: r.appraiserId,
  superiorId: r.superiorId,
  uplineId: r.uplineId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  exitDate: r.exitDate ?? null,
  exitReason: r.exitReason ?? null,
  exitNote: r.exitNote ?? null,
  probationEndDate: r.probationEndDate ?? null,
  contractEndDate: r.contractEndDate ?? null,
});

export const toPersonRef = (r: { id: string; firstName: string; lastName: string; employeeNumber: string }): TPersonRef => ({
  _id: r.id, name: fullName(r), employeeNumber: r.employeeNumber,
});

const live = (businessId: string) => and(eq(employees.businessId, businessId), isNull(employees.deletedAt));

const selectEmployees = (db: DbOrTx) =>
  db.select(columns).from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(units, eq(units.id, departments.unitId))
    .leftJoin(designations, eq(designations.id, employees.designationId));

/** A live employee of this business; another business's (or a deleted) employee is not found. */
export const findEmployee = async (db: DbOrTx, businessId: string, id: string): Promise<TEmployeeRow | undefined> =>
  (await selectEmployees(db).where(and(live(businessId), eq(employees.id, id))).limit(1))[0];

export const findEmployeesByIds = async (db: DbOrTx, businessId: string, ids: string[]): Promise<TEmployeeRow[]> =>
  ids.length === 0 ? [] : selectEmployees(db).where(and(live(businessId), inArray(employees.id, ids)));

export const findPeople = async (db: DbOrTx, businessId: string, ids: string[]) =>
  ids.length === 0 ? [] : db.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, employeeNumber: employees.employeeNumber })
    .from(employees).where(and(live(businessId), inArray(employees.id, ids)));

/** Names and numbers of the business's live employees who have not left (a site phone's staff picker: nothing more). */
export const findStaffNames = async (db: DbOrTx, businessId: string, today: string, employeeNumber?: string) =>
  db.select({ firstName: employees.firstName, lastName: employees.lastName, employeeNumber: employees.employeeNumber })
    .from(employees).where(and(live(businessId), sql`(${employees.exitDate} IS NULL OR ${employees.exitDate} >= ${today})`,
      employeeNumber === undefined ? undefined : sql`lower(${employees.employeeNumber}) = lower(${employeeNumber})`))
    .orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`).limit(2000)
    .then((rows) => rows.map((r) => ({ name: fullName(r), employeeNumber: r.employeeNumber })));

export const findDownlines = async (db: DbOrTx, businessId: string, id: string) =>
  db.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, employeeNumber: employees.employeeNumber })
    .from(employees).where(and(live(businessId), eq(employees.uplineId, id)))
    .orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`);

export const findEmployeesOfDepartment = async (db: DbOrTx, businessId: string, departmentId: string) =>
  selectEmployees(db).where(and(live(businessId), eq(employees.departmentId, departmentId)))
    .orderBy(sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`, employees.id);

/** Backslash, % and _ are LIKE's own characters; escaped, a search for "50%" means that text. */
// likeContains: platform/search.ts (shared with every feature's top-bar search).

/** The status filter (issue 32): left = an exit recorded. */
const statusOf = (status: TEmployeeFilter['status']) =>
  status === 'left' ? sql`${employees.exitDate} IS NOT NULL` : status === 'current' ? sql`${employees.exitDate} IS NULL` : undefined;

const filterOf = (businessId: string, f: Pick<TEmployeeFilter, 'search' | 'departmentId' | 'designationId' | 'status'>) => and(
  live(businessId),
  statusOf(f.status),
  f.search ? sql`${employees.searchText} LIKE ${likeContains(f.search)}` : undefined,
  f.departmentId ? eq(employees.departmentId, f.departmentId) : undefined,
  f.designationId ? eq(employees.designationId, f.designationId) : undefined,
);

// Each sort matches an index leading with business_id (name, start, created, e-mail, number);
// department and designation sort the filtered rows by the joined name.
const SORTS: Record<TEmployeeFilter['sort'], SQL[]> = {
  name: [sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`, sql`${employees.id}`],
  email: [sql`lower(${employees.email})`],
  employeeNumber: [sql`lower(${employees.employeeNumber})`],
  startDate: [sql`${employees.startDate}`, sql`${employees.id}`],
  createdAt: [sql`${employees.createdAt}`, sql`${employees.id}`],
  department: [sql`lower(${departments.name})`, sql`lower(${employees.firstName})`, sql`${employees.id}`],
  designation: [sql`lower(${designations.name})`, sql`lower(${employees.firstName})`, sql`${employees.id}`],
};

/**
 * One page: the ids are chosen first over employees alone (joining only what the sort needs), then
 * only that page is joined for display — so a deep page does not join every row it skips.
 */
export const listEmployees = async (db: DbOrTx, businessId: string, f: TEmployeeFilter & { limit: number; offset: number }): Promise<TEmployeeRow[]> => {
  const dir = f.order === 'desc' ? desc : asc;
  const ordered = db.select({ id: employees.id }).from(employees).$dynamic();
  if (f.sort === 'department') ordered.leftJoin(departments, eq(departments.id, employees.departmentId));
  if (f.sort === 'designation') ordered.leftJoin(designations, eq(designations.id, employees.designationId));
  const ids = (await ordered.where(filterOf(businessId, f)).orderBy(...SORTS[f.sort].map((s) => dir(s))).limit(f.limit).offset(f.offset)).map((r) => r.id);
  const rows = await findEmployeesByIds(db, businessId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

type TPageFilter = TEmployeeFilter & { limit: number; offset: number };

/**
 * One statement per shape of the list (sort, order, which filters are set), built once and kept as a
 * named prepared statement (preparedRead): PostgreSQL parses and plans it once per connection, and
 * nothing rebuilds it on a request.
 */
const pageStatements = new WeakMap<DbOrTx, Map<string, TPreparedRead<TEmployeeRow & { totalRecords: number }>>>();

const buildPageStatement = (db: DbOrTx, name: string, f: Pick<TPageFilter, 'limit' | 'sort' | 'order' | 'search' | 'departmentId' | 'designationId' | 'status'>) => {
  const where = and(
    eq(employees.businessId, sql.placeholder('businessId')),
    isNull(employees.deletedAt),
    statusOf(f.status),
    f.search ? sql`${employees.searchText} LIKE ${sql.placeholder('search')}` : undefined,
    f.departmentId ? eq(employees.departmentId, sql.placeholder('departmentId')) : undefined,
    f.designationId ? eq(employees.designationId, sql.placeholder('designationId')) : undefined,
  );
  const ordering = SORTS[f.sort].map((s) => (f.order === 'desc' ? desc(s) : asc(s)));
  const ordered = db.select({ id: employees.id }).from(employees).$dynamic();
  if (f.sort === 'department') ordered.leftJoin(departments, eq(departments.id, employees.departmentId));
  if (f.sort === 'designation') ordered.leftJoin(designations, eq(designations.id, employees.designationId));
  // The page size is written into the statement: with LIMIT as a parameter PostgreSQL's generic plan
  // guesses a tenth of the table and joins the page by scanning every employee.
  if (!Number.isInteger(f.limit) || f.limit < 1 || f.limit > 1000) throw new Error(`page size ${f.limit} is not a small positive integer`);
  const limit = sql.raw(String(f.limit)) as unknown as number;
  const page = db.$with('page').as(ordered.where(where).orderBy(...ordering).limit(limit).offset(sql.placeholder('offset')));
  // Unfiltered, the total is the business's live count kept by the database (employee_live_counts: a
  // sum over a few rows); a search or filter counts its matches.
  const filtered = Boolean(f.search || f.departmentId || f.designationId || f.status);
  const total = db.$with('total').as(filtered
    ? db.select({ n: sql<number>`count(*)::int`.as('n') }).from(employees).where(where)
    : db.select({ n: sql<number>`coalesce(sum(${employeeLiveCounts.delta}), 0)::int`.as('n') }).from(employeeLiveCounts).where(eq(employeeLiveCounts.businessId, sql.placeholder('businessId'))));
  // From the total, so a page past the end still answers with the count (one row, no employee).
  const selection = { ...columns, totalRecords: total.n };
  const query = db.with(page, total).select(selection).from(total)
    .leftJoin(page, sql`true`)
    .leftJoin(employees, eq(employees.id, page.id))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(units, eq(units.id, departments.unitId))
    .leftJoin(designations, eq(designations.id, employees.designationId))
    .orderBy(...ordering);
  return preparedRead<TEmployeeRow & { totalRecords: number }>(db, name, query, Object.keys(selection));
};

/**
 * One page of the list and the count of all matching rows in one round trip: the page's ids are
 * chosen over employees alone (joining only what the sort needs), then only that page is joined for
 * display, so a deep page does not join every row it skips.
 */
export const findEmployeePage = async (db: DbOrTx, businessId: string, f: TPageFilter): Promise<{ rows: TEmployeeRow[]; totalRecords: number }> => {
  const name = `employees_page_${f.limit}_${f.sort}_${f.order}${f.search ? '_s' : ''}${f.departmentId ? '_d' : ''}${f.designationId ? '_g' : ''}${f.status ? `_${f.status}` : ''}`;
  let statements = pageStatements.get(db);
  if (!statements) pageStatements.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = buildPageStatement(db, name, f)));
  const result = await statement({
    businessId, offset: f.offset,
    ...(f.search ? { search: likeContains(f.search) } : {}),
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.designationId ? { designationId: f.designationId } : {}),
  });
  const rows = result[0]?.id === null ? [] : (result as unknown as TEmployeeRow[]);
  return { rows, totalRecords: result[0]?.totalRecords ?? 0 };
};

/**
 * The state of a business's staff list, as text: the sum of the changes of its live-count rows (grows
 * with every commit that changes the list, whatever order writers commit in) and the newest row id (so
 * a sum that shrank — a truncate in tests — never names an old state again). Equal versions, equal list.
 */
export const employeesListVersion = async (db: DbOrTx, businessId: string): Promise<string> =>
  (await preparedStatement<{ version: string }>(db, 'employees_list_version',
    `SELECT coalesce(sum(changes), 0)::text || ':' || coalesce(max(id), 0)::text FROM employee_live_counts WHERE business_id = $1`, ['version'])([businessId]))[0].version;

export const countEmployees = async (db: DbOrTx, businessId: string, f: Pick<TEmployeeFilter, 'search' | 'departmentId' | 'designationId' | 'status'>) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(employees).where(filterOf(businessId, f)))[0].n;

/** Serialises number allocation and duplicate checks of one business (other businesses are not held up). */
export const lockEmployeeNumbers = async (tx: DbOrTx, businessId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`employees:${businessId}`}))`);

/**
 * The business's counter, locked until the caller's transaction ends (created at 0 on first use), for
 * taking a block of numbers at once (imports); pair with setEmployeeNumberCounter.
 */
export const lockEmployeeNumberCounter = async (tx: DbOrTx, businessId: string): Promise<number> =>
  (await tx.insert(employeeNumberCounters).values({ businessId, lastValue: 0 })
    .onConflictDoUpdate({ target: employeeNumberCounters.businessId, set: { lastValue: sql`${employeeNumberCounters.lastValue}` } })
    .returning({ n: employeeNumberCounters.lastValue }))[0].n;

export const setEmployeeNumberCounter = async (tx: DbOrTx, businessId: string, last: number) =>
  tx.update(employeeNumberCounters).set({ lastValue: sql`greatest(${employeeNumberCounters.lastValue}, ${last})` }).where(eq(employeeNumberCounters.businessId, businessId));

/** Every column a create writes (all of them, defaults included): the statement is the same for every employee. */
const CREATE_FIELDS = [
  'id', 'businessId', 'employeeNumber', 'firstName', 'lastName', 'email', 'phone', 'gender', 'dateOfBirth', 'address', 'nextOfKinName', 'nextOfKinPhone',
  'employmentType', 'startDate', 'startDateGiven', 'departmentId', 'designationId', 'grossIncome', 'portalCodeHash', 'employeeUniqueCodeHash', 'createdAt', 'updatedAt',
  'probationEndDate', 'contractEndDate',
] as const satisfies ReadonlyArray<keyof TEmployeeValues>;
/** A new employee's values; `employeeNumber` null takes the business's next automatic number. */
export type TNewEmployee = { [K in (typeof CREATE_FIELDS)[number]]-?: K extends 'employeeNumber' ? string | null : Exclude<TEmployeeValues[K], undefined> };
type TStoredEmployee = Omit<TEmployeeRow, 'department' | 'unitId' | 'unit' | 'designation'>;

/** What a create found: its checks, the names the answer shows, and the employee as stored (none when a check failed). */
export type TCreated = {
  emailFree: boolean;
  /** The department and designation asked for were found in this business. */
  departmentFound: boolean; designationFound: boolean;
  department: string | null; unitId: string | null; unit: string | null; designation: string | null;
  employee: TStoredEmployee | null;
};

/**
 * What the create's records may leave to the statement (records.ts fillIn): the automatic number and the names
 * of the department, its unit and the designation, as the statement finds them for the record's employee.
 */
export const CREATE_FILL_INS = {
  employeeNumber: 'main.employee_number',
  department: 'chk.department',
  unitId: 'chk.unit_id',
  unit: 'chk.unit',
  designation: 'chk.designation',
} as const;

const fields = getTableColumns(employees);
const column = (f: (typeof CREATE_FIELDS)[number]) => `"${fields[f].name}"`;
/** formatEmployeeNumber in SQL: EMP- and the number, zero-padded to five digits. */
const formatNumberSql = (n: string) => `'EMP-' || lpad(${n}::text, greatest(5, length(${n}::text)), '0')`;

/**
 * Creates in one statement, one round trip and one commit, for one employee or several at once (of one business
 * or several): for each, the checks (is the e-mail free among the live employees, are the department and
 * designation its business's, with the names the answer shows), the next automatic number from its business's
 * counter when none was typed (created on first use; each counter row is locked only for this statement, taken in
 * business order so two statements cannot wait on each other), the employee, and its audit entries and
 * notifications (records.ts, their number and names filled in by the statement). A failed check writes nothing
 * for that employee and burns no number: the answer says which one failed. The caller keeps the e-mails (and typed
 * numbers) of one statement distinct within a business; a clash with a write made meanwhile fails the statement on
 * the unique indexes, and nothing of it is written.
 */
const CREATE_CTES = `input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(ord int, ${CREATE_FIELDS.map((f) => `${column(f)} ${fields[f].getSQLType()}`).join(', ')})
), chk AS (
  SELECT i.ord, i.id,
         NOT EXISTS (SELECT 1 FROM employees e WHERE e.business_id = i.business_id AND e.deleted_at IS NULL AND lower(e.email) = lower(i.email)) AS email_free,
         (i.department_id IS NULL OR d.id IS NOT NULL) AS department_found,
         (i.designation_id IS NULL OR g.id IS NOT NULL) AS designation_found,
         d.name AS department, u.id AS unit_id, u.name AS unit, g.name AS designation
  FROM input i
  LEFT JOIN LATERAL (SELECT d.id, d.name, d.unit_id FROM departments d WHERE d.id = i.department_id AND d.business_id = i.business_id LIMIT 1) d ON true
  LEFT JOIN LATERAL (SELECT u.id, u.name FROM units u WHERE u.id = d.unit_id LIMIT 1) u ON true
  LEFT JOIN LATERAL (SELECT g.id, g.name FROM designations g WHERE g.id = i.designation_id AND g.business_id = i.business_id LIMIT 1) g ON true
), wants AS (
  SELECT i.ord, i.business_id, row_number() OVER (PARTITION BY i.business_id ORDER BY i.ord) AS k, count(*) OVER (PARTITION BY i.business_id) AS n
  FROM input i JOIN chk ON chk.ord = i.ord
  WHERE i.employee_number IS NULL AND chk.email_free AND chk.department_found AND chk.designation_found
), num AS (
  INSERT INTO employee_number_counters (business_id, last_value)
  SELECT business_id, count(*) FROM wants GROUP BY business_id ORDER BY business_id
  ON CONFLICT (business_id) DO UPDATE SET last_value = employee_number_counters.last_value + excluded.last_value
  RETURNING business_id, last_value
)`;
const CREATE_INSERT = `INSERT INTO employees (${CREATE_FIELDS.map(column).join(', ')})
  SELECT ${CREATE_FIELDS.map((f) => (f === 'employeeNumber' ? `coalesce(i.employee_number, ${formatNumberSql('(num.last_value - wants.n + wants.k)')})` : `i.${column(f)}`)).join(', ')}
  FROM input i JOIN chk ON chk.ord = i.ord LEFT JOIN wants ON wants.ord = i.ord LEFT JOIN num ON num.business_id = wants.business_id
  WHERE chk.email_free AND chk.department_found AND chk.designation_found AND (i.employee_number IS NOT NULL OR num.last_value IS NOT NULL)
  ORDER BY i.ord
  RETURNING ${Object.values(employeeColumns).map((c) => `"${c.name}"`).join(', ')}`;
const CREATE_KEYS = ['emailFree', 'departmentFound', 'designationFound', 'department', 'unitId', 'unit', 'designation', 'created', ...Object.keys(employeeColumns)];
const CREATE_SQL = statementWithRecords(CREATE_INSERT, 1, {
  ctes: CREATE_CTES,
  fillIns: CREATE_FILL_INS,
  recordsOf: 'JOIN main ON main.id = rec.of JOIN chk ON chk.id = main.id',
  select: `SELECT chk.email_free, chk.department_found, chk.designation_found,
    chk.department, chk.unit_id, chk.unit, chk.designation, main.id IS NOT NULL, main.* FROM chk LEFT JOIN main ON main.id = chk.id ORDER BY chk.ord`,
});

/** A new employee and what its create leaves behind (records.ts; `of` each record is filled in with the employee's id). */
export type TNewEmployeeWithRecords = { values: TNewEmployee; records: TRecords };

/**
 * Creates the employees with their audit entries and notifications in one statement (a named prepared statement,
 * parsed and planned once per connection). Answers, in the order given, each one's checks and stored row, or no
 * row where a check failed.
 */
export const createEmployees = async (db: DbOrTx, items: TNewEmployeeWithRecords[]): Promise<TCreated[]> => {
  const input = JSON.stringify(items.map(({ values }, ord) => {
    const row: Record<string, unknown> = { ord };
    for (const f of CREATE_FIELDS) row[fields[f].name] = values[f] === null ? null : fields[f].mapToDriverValue(values[f]);
    return row;
  }));
  const rows = await preparedStatement<Omit<TCreated, 'employee'> & { created: boolean } & TStoredEmployee>(db, 'employees_create', CREATE_SQL, CREATE_KEYS)(
    [input, ...recordParams(items.map((item) => ({ of: item.values.id, records: item.records })))],
  );
  return rows.map(({ emailFree, departmentFound, designationFound, department, unitId, unit, designation, created, ...employee }) =>
    ({ emailFree, departmentFound, designationFound, department, unitId, unit, designation, employee: created ? employee : null }));
};

/** What formatEmployeeNumber writes: EMP- and at least five digits, no leading zero past five; within a safe integer. */
const GENERATED_FORM = '^EMP-([0-9]{5}|[1-9][0-9]{5,14})$';

/**
 * Moves the counter past the run of numbers, in the form the counter writes, that are already in use
 * right after it (typed by hand or imported). Runs only after a create hit such a number, so the scan
 * is the exception, not the rule.
 */
export const skipTakenEmployeeNumbers = async (db: DbOrTx, businessId: string) => {
  await db.execute(sql`
    WITH taken AS (
      SELECT substring(employee_number from 5)::bigint AS n FROM employees
      WHERE business_id = ${businessId} AND deleted_at IS NULL AND employee_number ~* ${GENERATED_FORM}
    ), counter AS (
      SELECT coalesce((SELECT last_value FROM employee_number_counters WHERE business_id = ${businessId}), 0) AS v
    )
    INSERT INTO employee_number_counters (business_id, last_value)
    SELECT ${businessId}, coalesce((
      SELECT min(t.n) FROM taken t WHERE t.n > counter.v AND NOT EXISTS (SELECT 1 FROM taken u WHERE u.n = t.n + 1)
    ), counter.v) FROM counter
    ON CONFLICT (business_id) DO UPDATE SET last_value = greatest(employee_number_counters.last_value, excluded.last_value)`);
};

export const formatEmployeeNumber = (n: number) => `EMP-${String(n).padStart(5, '0')}`;

export const isEmailTaken = async (db: DbOrTx, businessId: string, email: string, exceptId?: string) =>
  (await db.select({ id: employees.id }).from(employees)
    .where(and(live(businessId), sql`lower(${employees.email}) = ${email.toLowerCase()}`, exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1)).length > 0;

export const isNumberTaken = async (db: DbOrTx, businessId: string, employeeNumber: string, exceptId?: string) =>
  (await db.select({ id: employees.id }).from(employees)
    .where(and(live(businessId), sql`lower(${employees.employeeNumber}) = ${employeeNumber.toLowerCase()}`, exceptId ? ne(employees.id, exceptId) : undefined))
    .limit(1)).length > 0;

const personColumns = { id: employees.id, firstName: employees.firstName, lastName: employees.lastName, employeeNumber: employees.employeeNumber };

/** A live employee by number (case ignored), as name + number: who received or used stock (issue 34). */
export const findPersonByNumber = async (db: DbOrTx, businessId: string, employeeNumber: string) =>
  (await db.select(personColumns).from(employees).where(and(live(businessId), sql`lower(${employees.employeeNumber}) = ${employeeNumber.trim().toLowerCase()}`)).limit(1))[0];

/** The live employee whose e-mail is this one: a user's linked employee (issue 33's approval chains, issue 34's stock). */
export const findPersonByEmail = async (db: DbOrTx, businessId: string, email: string) =>
  (await db.select(personColumns).from(employees).where(and(live(businessId), sql`lower(${employees.email}) = ${email.trim().toLowerCase()}`))
    .orderBy(employees.createdAt, employees.id).limit(1))[0];

/** Live employees matching the text (name, e-mail or number), as name + number, for pickers outside HR. */
export const findPeopleMatching = async (db: DbOrTx, businessId: string, text: string, limit: number) => {
  const searched = sql`${employees.searchText}`;
  return db.select(personColumns).from(employees)
    .where(and(live(businessId), text ? containsText(searched, text) : undefined))
    .orderBy(text ? startsFirst(searched, text) : sql`lower(${employees.firstName})`, sql`lower(${employees.lastName})`, employees.id).limit(limit);
};

/** Lower-cased e-mails and numbers of the live employees, for checking a whole import at once. */
export const findTakenKeys = async (db: DbOrTx, businessId: string) => {
  const rows = await db.select({ email: sql<string>`lower(${employees.email})`, number: sql<string>`lower(${employees.employeeNumber})` })
    .from(employees).where(live(businessId));
  return { emails: new Set(rows.map((r) => r.email)), numbers: new Set(rows.map((r) => r.number)) };
};

export const updateEmployee = async (db: DbOrTx, businessId: string, id: string, patch: Partial<TEmployeeValues>) =>
  db.update(employees).set({ ...patch, updatedAt: new Date() }).where(and(live(businessId), eq(employees.id, id)));

export const moveToDepartment = async (db: DbOrTx, businessId: string, ids: string[], departmentId: string) =>
  db.update(employees).set({ departmentId, updatedAt: new Date() }).where(and(live(businessId), inArray(employees.id, ids)));

/** Deleting keeps the row (payslips, audit) but ends portal sessions and frees e-mail and number. */
export const softDeleteEmployee = async (db: DbOrTx, businessId: string, id: string) =>
  db.update(employees)
    .set({ deletedAt: new Date(), updatedAt: new Date(), portalCodeVersion: sql`${employees.portalCodeVersion} + 1` })
    .where(and(live(businessId), eq(employees.id, id)));

/** Nobody keeps a deleted person as appraiser, superior or upline. */
export const clearLinksTo = async (db: DbOrTx, businessId: string, id: string) => {
  const unlink = (col: AnyPgColumn) => sql`CASE WHEN ${col} = ${id} THEN NULL ELSE ${col} END`;
  await db.update(employees)
    .set({ appraiserId: unlink(employees.appraiserId), superiorId: unlink(employees.superiorId), uplineId: unlink(employees.uplineId), updatedAt: new Date() })
    .where(and(eq(employees.businessId, businessId), sql`${id} IN (${employees.appraiserId}, ${employees.superiorId}, ${employees.uplineId})`));
};

/** Makes `ids` exactly the people whose upline is `uplineId`. */
export const replaceDownlines = async (db: DbOrTx, businessId: string, uplineId: string, ids: string[]) => {
  await db.update(employees).set({ uplineId: null, updatedAt: new Date() })
    .where(and(eq(employees.businessId, businessId), eq(employees.uplineId, uplineId), ids.length ? sql`${employees.id} NOT IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : undefined));
  if (ids.length) {
    await db.update(employees).set({ uplineId, updatedAt: new Date() })
      .where(and(live(businessId), inArray(employees.id, ids)));
  }
};

/**
 * Whether following `link` upwards from the employee leads back to them. Every change to a chain
 * is checked here right after it is made, so no other cycle can exist and the walk ends.
 */
export const isInCycle = async (db: DbOrTx, businessId: string, id: string, link: 'upline_id' | 'superior_id') => {
  const column = sql.raw(link);
  const res = await db.execute(sql`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT ${column}, 1 FROM employees WHERE id = ${id} AND business_id = ${businessId}
      UNION ALL
      SELECT e.${column}, chain.depth + 1 FROM employees e JOIN chain ON e.id = chain.id
      WHERE chain.id <> ${id} AND chain.depth < 100000 AND e.business_id = ${businessId}
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${id}) AS cycle`);
  return Boolean((res as unknown as { rows: { cycle: boolean }[] }).rows[0]?.cycle);
};

/** New code hashes: the PIN is cleared and every portal session ends (the version moves on). */
export const setCodeHashes = async (db: DbOrTx, businessId: string, id: string, hashes: { portalCodeHash: string; employeeUniqueCodeHash: string }) =>
  db.update(employees)
    .set({ ...hashes, portalPinHash: null, portalCodeVersion: sql`${employees.portalCodeVersion} + 1`, updatedAt: new Date() })
    .where(and(live(businessId), eq(employees.id, id)));

/** The employee's PIN; every other portal session ends. Returns the new token version, or none if the employee is gone. */
export const setPortalPin = async (db: DbOrTx, businessId: string, id: string, portalPinHash: string) =>
  (await db.update(employees)
    .set({ portalPinHash, portalCodeVersion: sql`${employees.portalCodeVersion} + 1` })
    .where(and(live(businessId), eq(employees.id, id)))
    .returning({ version: employees.portalCodeVersion }))[0]?.version;

const businessColumns = {
  businessName: businesses.name, ownerEmail: businesses.ownerEmail, imagePath: businesses.imagePath,
  country: businesses.country, currency: businesses.currency, timeZone: businesses.timeZone,
};

/** A live employee with their business, by id (portal tokens) or by the hash of one of their codes (sign-in). */
export const findEmployeeWithBusiness = async (db: DbOrTx, where: { id: string; businessId: string } | { portalCodeHash: string } | { employeeUniqueCodeHash: string }) => {
  const cond = 'id' in where
    ? and(eq(employees.id, where.id), eq(employees.businessId, where.businessId))
    : 'portalCodeHash' in where ? eq(employees.portalCodeHash, where.portalCodeHash) : eq(employees.employeeUniqueCodeHash, where.employeeUniqueCodeHash);
  return (await db.select({ employee: { ...employeeColumns }, business: businessColumns }).from(employees)
    .innerJoin(businesses, eq(businesses.id, employees.businessId))
    .where(and(cond, isNull(employees.deletedAt))).limit(1))[0];
};

// Figures for /employee-summary.
export const countByDepartment = async (db: DbOrTx, businessId: string) =>
  db.select({ departmentId: employees.departmentId, department: departments.name, unit: units.name, count: sql<number>`count(*)::int` })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(units, eq(units.id, departments.unitId))
    .where(live(businessId))
    .groupBy(employees.departmentId, departments.name, units.name)
    .orderBy(desc(sql`count(*)`), asc(departments.name));

export const countByDesignation = async (db: DbOrTx, businessId: string) =>
  db.select({ designationId: employees.designationId, designation: designations.name, count: sql<number>`count(*)::int` })
    .from(employees)
    .leftJoin(designations, eq(designations.id, employees.designationId))
    .where(live(businessId))
    .groupBy(employees.designationId, designations.name)
    .orderBy(desc(sql`count(*)`), asc(designations.name));

export const countByEmploymentType = async (db: DbOrTx, businessId: string) =>
  db.select({ employmentType: employees.employmentType, count: sql<number>`count(*)::int` })
    .from(employees).where(live(businessId)).groupBy(employees.employmentType).orderBy(desc(sql`count(*)`));

export const countJoinersSince = async (db: DbOrTx, businessId: string, from: string) =>
  db.select({ month: sql<string>`to_char(${employees.startDate}, 'YYYY-MM')`, count: sql<number>`count(*)::int` })
    .from(employees)
    .where(and(live(businessId), sql`${employees.startDate} >= ${from}`))
    .groupBy(sql`to_char(${employees.startDate}, 'YYYY-MM')`);

/** The constraint a database error of this SQLSTATE names, or null for any other error (drizzle may wrap the driver's error). */
const violated = (code: string) => (err: unknown): string | null => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e.code === code) return e.constraint ?? '';
  if (e.cause?.code === code) return e.cause.constraint ?? '';
  return null;
};
/** The unique index a statement violated. */
export const violatedUnique = violated('23505');
/** The foreign key a statement violated (a referenced row gone). */
export const violatedReference = violated('23503');

/**
 * Folds each business's live-count rows into one (the scheduled task; see employee_live_counts). One
 * statement: rows a concurrent create adds meanwhile are not in its snapshot and stay as they are.
 * Rows of deleted businesses go.
 */
export const foldEmployeeLiveCounts = async (db: DbOrTx) => {
  const result = await db.execute(sql`
    WITH gone AS (
      DELETE FROM employee_live_counts
      WHERE business_id IN (SELECT business_id FROM employee_live_counts GROUP BY business_id HAVING count(*) > 1)
         OR business_id NOT IN (SELECT id FROM businesses)
      RETURNING business_id, delta, changes
    )
    INSERT INTO employee_live_counts (business_id, delta, changes)
    SELECT business_id, sum(delta), sum(changes) FROM gone WHERE business_id IN (SELECT id FROM businesses) GROUP BY business_id`);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
};

/**
 * The top-bar search (issue 30): live employees whose name, e-mail or number holds the text, by the GIN trigram
 * index of migration 0002 (business_id, search_text); limit + 1 rows tell whether there are more, without a count.
 */
export const searchEmployees = async (db: DbOrTx, businessId: string, text: string, limit: number) => {
  const searched = sql`${employees.searchText}`;
  return selectEmployees(db).where(and(live(businessId), containsText(searched, text))).orderBy(startsFirst(searched, text), employees.id).limit(limit + 1);
};

/** Records (or, with nulls, withdraws) an employee's exit (issue 32); the row and everything hanging off it stay. */
export const setExit = async (db: DbOrTx, businessId: string, id: string, exit: { exitDate: string | null; exitReason: string | null; exitNote: string | null }) =>
  db.update(employees).set({ ...exit, updatedAt: new Date() }).where(and(live(businessId), eq(employees.id, id)));
