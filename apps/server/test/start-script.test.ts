// scripts/start.mjs (`npm start`) rebuilds the web app or the server only when the sources that build reads changed
// since its last build (build-state.mjs): tried on a small copy of the checkout's layout, not on the real app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TARGETS, decide, writeStamp } from '../../../scripts/build-state.mjs';

const FILES: Record<string, string> = {
  'package.json': '{"name":"bizdesk"}',
  'package-lock.json': '{"lockfileVersion":3}',
  'tsconfig.base.json': '{}',
  'packages/contract/src/index.ts': 'export const A = 1;',
  'packages/payroll/src/index.ts': 'export const B = 2;',
  'apps/web/index.html': '<div id="root"></div>',
  'apps/web/src/main.tsx': 'console.log("web");',
  'apps/web/vite.config.ts': 'export default {};',
  'apps/web/dist/index.html': '<built>',
  'apps/web/node_modules/.vite/deps.json': '{}',
  'apps/server/build.ts': '// build',
  'apps/server/package.json': '{"name":"@bizdesk/server"}',
  'apps/server/src/main.ts': 'console.log("server");',
  'apps/server/src/db/migrations/0001_first.sql': 'CREATE TABLE t (id int);',
  'apps/server/test/some.test.ts': '// a test',
  'apps/server/dist/main.js': '// built',
};

let root: string;
const write = (rel: string, body: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), body);
};
const decisions = () => ({ web: decide(root, TARGETS.web).decision, server: decide(root, TARGETS.server).decision });
/** What start.mjs does after a build that succeeded. */
const built = () => {
  for (const target of [TARGETS.web, TARGETS.server]) writeStamp(root, target, decide(root, target).hash);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bizdesk-start-'));
  for (const [rel, body] of Object.entries(FILES)) write(rel, body);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start: rebuild only what changed', () => {
  it('builds a checkout that has never been built, and starts at once once it has', () => {
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'rebuild', reason: 'no build stamp' });
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(decide(root, TARGETS.web)).toMatchObject({ decision: 'rebuild', reason: 'not built yet' });
    write('apps/web/dist/index.html', '<built>');
    built();
    expect(decisions()).toEqual({ web: 'current', server: 'current' });
  });

  it('rebuilds the server alone when a server source or a migration changes', () => {
    built();
    write('apps/server/src/main.ts', 'console.log("server, changed");');
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'rebuild', reason: 'sources changed since the last build' });
    expect(decide(root, TARGETS.web).decision).toBe('current');
    built();
    write('apps/server/src/db/migrations/0002_second.sql', 'ALTER TABLE t ADD COLUMN n int;');
    expect(decisions()).toEqual({ web: 'current', server: 'rebuild' });
  });

  it('rebuilds the web app alone when a web source changes', () => {
    built();
    write('apps/web/src/main.tsx', 'console.log("web, changed");');
    expect(decisions()).toEqual({ web: 'rebuild', server: 'current' });
  });

  it('rebuilds both when a shared package or the lock file changes', () => {
    built();
    write('packages/contract/src/index.ts', 'export const A = 3;');
    expect(decisions()).toEqual({ web: 'rebuild', server: 'rebuild' });
    built();
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(decisions()).toEqual({ web: 'rebuild', server: 'rebuild' });
    built();
    fs.rmSync(path.join(root, 'packages/payroll/src/index.ts'));
    expect(decisions()).toEqual({ web: 'rebuild', server: 'rebuild' });
  });

  it('stays current when only times change (a fresh checkout), or files the builds do not read', () => {
    built();
    const later = new Date(Date.now() + 3600_000);
    for (const rel of Object.keys(FILES)) fs.utimesSync(path.join(root, rel), later, later);
    write('apps/server/test/another.test.ts', '// tests are not built');
    write('apps/web/node_modules/.vite/deps.json', '{"changed":true}');
    write('apps/server/dist/chunk-x.js', '// an output');
    expect(decisions()).toEqual({ web: 'current', server: 'current' });
  });

  it('rebuilds when the output is gone although the stamp is there', () => {
    built();
    fs.rmSync(path.join(root, 'apps/server/dist/main.js'));
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'rebuild', reason: 'not built yet' });
  });
});
