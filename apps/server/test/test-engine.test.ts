import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { onPostgres } from './helpers/test-app.ts';

/**
 * The API suite's promise that, with TEST_DATABASE_URL set, its "server-postgres" files run on that server (the
 * machine's PostgreSQL 15), not on a second embedded one: a global setup runs outside the project's env, and once read
 * only process.env, so every file ran on embedded servers while the run said "PostgreSQL 15".
 */
describe('the engine the API tests run on', () => {
  it('is the server at TEST_DATABASE_URL for the postgres project, an embedded one otherwise', async () => {
    const admin = new URL(inject('pgAdminUrl'));
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    const { rows } = await client.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    await client.end();
    if (onPostgres) {
      const want = new URL(process.env.TEST_DATABASE_URL!);
      expect(`${admin.hostname}:${admin.port || '5432'}`).toBe(`${want.hostname}:${want.port || '5432'}`);
    } else {
      expect(admin.hostname).toBe('127.0.0.1');
      expect(process.env.TEST_DATABASE_URL ? admin.port !== (new URL(process.env.TEST_DATABASE_URL).port || '5432') : true).toBe(true);
    }
    expect(rows[0].v).toBeGreaterThanOrEqual(150000);
  });
});
