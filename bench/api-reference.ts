// The lean reference of bench/api.bench.ts: bare Fastify + pg + jose, written the way a careful person
// writes one route by hand (pool.query with the text and values, JSON.stringify), running the product's
// own SQL for the staff list (the guard's user lookup, then the page + total statement) and for login,
// and answering the same body. No plugins, no schema validation, no rate limit, no logging.
// Started by the bench: PORT, DATABASE_URL and JWT_SECRET in the environment.
import { scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { jwtVerify, SignJWT } from 'jose';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
pg.types.setTypeParser(20, (v) => Number(v)); // bigint money fits a safe integer
pg.types.setTypeParser(1082, (v) => v); // dates stay YYYY-MM-DD

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);

const USER_COLUMNS = `"users"."id", "users"."email", "users"."user_name", "users"."roles", "users"."password_hash", "users"."token_version", "users"."email_confirmed_at", "users"."created_at", "businesses"."id", "businesses"."name", "businesses"."owner_email", "businesses"."image_path", "businesses"."country", "businesses"."currency", "businesses"."time_zone" from "users" inner join "businesses" on "businesses"."id" = "users"."business_id"`;
const PRINCIPAL_SQL = `select ${USER_COLUMNS} where ("users"."id" = $1 and "users"."business_id" = $2) limit $3`;
const USER_BY_EMAIL_SQL = `select ${USER_COLUMNS} where lower("users"."email") = $1 limit $2`;
const PAGE_SQL = `with "page" as (select "id" from "employees" where ("employees"."business_id" = $1 and "employees"."deleted_at" is null) order by lower("employees"."first_name") asc, lower("employees"."last_name") asc, "employees"."id" asc limit 50 offset $2), "total" as (select coalesce(sum("employee_live_counts"."delta"), 0)::int as "n" from "employee_live_counts" where "employee_live_counts"."business_id" = $3) select "employees"."business_id", "employees"."id", "employees"."employee_number", "employees"."first_name", "employees"."last_name", "employees"."email", "employees"."phone", "employees"."gender", "employees"."date_of_birth", "employees"."address", "employees"."next_of_kin_name", "employees"."next_of_kin_phone", "employees"."employment_type", "employees"."start_date", "employees"."department_id", "employees"."designation_id", "employees"."gross_income", "employees"."photo_key", "employees"."appraiser_id", "employees"."superior_id", "employees"."upline_id", "employees"."portal_code", "employees"."portal_code_version", "employees"."employee_unique_code", "employees"."created_at", "employees"."updated_at", "employees"."deleted_at", "departments"."name", "units"."id", "units"."name", "designations"."name", "n" from "total" left join "page" on true left join "employees" on "employees"."id" = "page"."id" left join "departments" on "departments"."id" = "employees"."department_id" left join "units" on "units"."id" = "departments"."unit_id" left join "designations" on "designations"."id" = "employees"."designation_id" order by lower("employees"."first_name") asc, lower("employees"."last_name") asc, "employees"."id" asc`;

type TRow = unknown[];
const fail = (status: number, code: string, message: string) => ({ status, body: { success: false, message, code } });

const toUser = (r: TRow) => ({
  _id: r[0], email: r[1], userName: r[2], roles: r[3], businessId: r[8], businessName: r[9], ownerEmail: r[10], imagePath: r[11],
  country: r[12], currency: r[13], timeZone: r[14], emailConfirmed: r[6] !== null, createdAt: (r[7] as Date).toISOString(),
});

const toEmployee = (r: TRow) => ({
  _id: r[1], employeeNumber: r[2], firstName: r[3], lastName: r[4], name: `${r[3]} ${r[4]}`, email: r[5], phone: r[6], gender: r[7],
  dateOfBirth: r[8], address: r[9], nextOfKinName: r[10], nextOfKinPhone: r[11], employmentType: r[12], startDate: r[13],
  departmentId: r[14], department: r[27], unitId: r[28], unit: r[29], designationId: r[15], designation: r[30],
  grossIncome: r[16] === null ? null : (r[16] as number) / 100, grossIncomeMinor: r[16], imagePath: r[17] ? `/api/v1/employee/photo/${r[1]}` : null,
  appraiserId: r[18], superiorId: r[19], uplineId: r[20],
  createdAt: (r[24] as Date).toISOString(), updatedAt: (r[25] as Date).toISOString(),
});

const principal = async (authorization: string | undefined) => {
  if (!authorization?.startsWith('Bearer ')) return null;
  try {
    const { payload } = await jwtVerify(authorization.slice(7), key, { algorithms: ['HS256'] });
    const { rows } = await pool.query({ text: PRINCIPAL_SQL, values: [payload.id, payload.bid, 1], rowMode: 'array' });
    return rows[0] && rows[0][5] === payload.ver ? rows[0] as TRow : null;
  } catch {
    return null;
  }
};

const app = Fastify({ logger: false });

app.get<{ Params: { email: string }; Querystring: { page?: string; limit?: string } }>('/api/v1/employee/employees/:email', async (req, reply) => {
  const user = await principal(req.headers.authorization);
  const answer = (r: { status: number; body: unknown }) => reply.code(r.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(r.body));
  if (!user) return answer(fail(401, 'UNAUTHENTICATED', 'Your session has expired. Please sign in again.'));
  const roles = user[3] as string[];
  if (!roles.includes('owner') && !roles.includes('HR-access')) return answer(fail(403, 'FORBIDDEN', 'not allowed'));
  const email = req.params.email.toLowerCase();
  if (email !== (user[10] as string).toLowerCase() && email !== (user[1] as string).toLowerCase()) return answer(fail(403, 'FORBIDDEN', 'another business'));
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 10);
  if (limit !== 50) return answer(fail(400, 'VALIDATION', 'the reference serves pages of 50 (the statement is written for it, as the product\'s is)'));
  const { rows } = await pool.query({ text: PAGE_SQL, values: [user[8], (page - 1) * limit, user[8]], rowMode: 'array' });
  const totalRecords = (rows[0]?.[31] as number | undefined) ?? 0;
  const data = rows[0]?.[1] === null ? [] : rows.map(toEmployee);
  return answer({ status: 200, body: { success: true, data, page, limit, total: Math.max(1, Math.ceil(totalRecords / limit)), totalRecords } });
});

app.post<{ Body: { email: string; password: string } }>('/api/v1/auth/login', async (req, reply) => {
  const { rows } = await pool.query({ text: USER_BY_EMAIL_SQL, values: [String(req.body.email).toLowerCase(), 1], rowMode: 'array' });
  const row = rows[0] as TRow | undefined;
  const [, n, r, p, salt, hash] = String(row?.[4] ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86)).split('$');
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(String(req.body.password), Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  if (!row || !timingSafeEqual(expected, actual)) return reply.code(401).send({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
  const token = await new SignJWT({ scope: 'user', id: row[0], bid: row[8], roles: row[3], ver: row[5] }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('7d').sign(key);
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ success: true, message: 'Login successful', token, data: toUser(row) }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
