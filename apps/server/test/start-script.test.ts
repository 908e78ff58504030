// scripts/start.mjs (`npm start`) rebuilds the web app or the server only when the sources that build reads changed
// since its last build (build-state.mjs): tried on a small copy of the checkout's layout, not on the real app.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RACY_MS, TARGETS, decide, writeStamp } from '../../../scripts/build-state.mjs';

const scriptsDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../scripts');

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
/** Until every file was last changed longer ago than RACY_MS, as a checkout is by the time anyone starts it. */
const waitOutRacy = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RACY_MS + 100);
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

  it('trusts a stamp whose signature matches the files without reading them, and reads them again after any write', () => {
    waitOutRacy();
    const first = decide(root, TARGETS.server);
    expect(first.signature).toEqual(expect.any(String));
    writeStamp(root, TARGETS.server, first.hash, first.signature);
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'current', checked: 'stats' });
    // Same size, modification time put back as it was: the change time (which no program can set) still tells.
    const { mtime } = fs.statSync(path.join(root, 'apps/server/src/main.ts'));
    write('apps/server/src/main.ts', 'console.log("SERVER");');
    fs.utimesSync(path.join(root, 'apps/server/src/main.ts'), mtime, mtime);
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'rebuild', checked: 'contents', reason: 'sources changed since the last build' });
  });

  it('keeps no signature of files changed a moment ago (they may change again within the same clock tick)', () => {
    write('apps/server/src/main.ts', 'console.log("just now");');
    const d = decide(root, TARGETS.server);
    expect(d.signature).toBeNull();
    writeStamp(root, TARGETS.server, d.hash, d.signature);
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'current', checked: 'contents' });
  });

  it('a current build whose stamp has no signature (an older stamp, times changed by a checkout) is restamped', () => {
    built();
    waitOutRacy();
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'current', checked: 'contents', restamp: true });
  });

  it('rebuilds when the output is gone although the stamp is there', () => {
    built();
    fs.rmSync(path.join(root, 'apps/server/dist/main.js'));
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'rebuild', reason: 'not built yet' });
  });
});

describe('npm start: the script itself', () => {
  // A checkout whose builds are stand-ins (each notes that it ran into events.log, and the "server" notes that it
  // was started): start.mjs copied in, so it takes that folder for the checkout.
  const WORKSPACE_BUILD = (out: string, body: string, name: string) => `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync(${JSON.stringify(out)}, ${JSON.stringify(body)});
fs.appendFileSync('../../events.log', 'built ${name}\\n');
`;
  const start = (...args: string[]) => execFileSync(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const events = () => {
    const text = fs.existsSync(path.join(root, 'events.log')) ? fs.readFileSync(path.join(root, 'events.log'), 'utf8') : '';
    fs.rmSync(path.join(root, 'events.log'), { force: true });
    return text.trim().split('\n').filter(Boolean);
  };

  beforeEach(() => {
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    write('package.json', JSON.stringify({ name: 'bizdesk-probe', private: true, workspaces: ['apps/web', 'apps/server'] }));
    write('apps/web/package.json', JSON.stringify({ name: '@probe/web', scripts: { build: 'node build.mjs' } }));
    write('apps/web/build.mjs', WORKSPACE_BUILD('dist/index.html', '<built>', 'web'));
    write('apps/server/package.json', JSON.stringify({ name: '@probe/server', scripts: { build: 'node build.mjs' } }));
    write('apps/server/build.mjs', WORKSPACE_BUILD('dist/main.js', "import fs from 'node:fs'; fs.appendFileSync(new URL('../../../events.log', import.meta.url), 'served\\n');", 'server'));
    for (const name of ['start.mjs', 'build-state.mjs']) write(`scripts/${name}`, fs.readFileSync(path.join(scriptsDir, name), 'utf8'));
  });

  it('builds both on the first start, then serves without building; a changed server source rebuilds the server alone', { timeout: 60_000 }, () => {
    start();
    expect(events().sort()).toEqual(['built server', 'built web', 'served']);
    expect(start()).not.toContain('building');
    expect(events()).toEqual(['served']);
    write('apps/server/src/main.ts', 'console.log("server, changed");');
    expect(start()).toContain('building server: sources changed since the last build');
    expect(events()).toEqual(['built server', 'served']);
    expect(start('--build-only')).toContain('builds current');
    expect(events()).toEqual([]);
    // A start that found the build current by its contents keeps their signature for the next (when not racy).
    waitOutRacy();
    expect(start('--build-only')).toContain('builds current');
    expect(decide(root, TARGETS.server)).toMatchObject({ decision: 'current', checked: 'stats' });
    expect(events()).toEqual([]);
  });

  it('a build that fails stops the start and leaves no stamp, so the next start builds again', { timeout: 60_000 }, () => {
    start('--build-only');
    events();
    write('apps/web/src/main.tsx', 'console.log("web, changed");');
    write('apps/web/build.mjs', 'process.exit(3);');
    expect(() => start()).toThrow(/Bizdesk could not be built/);
    expect(events()).toEqual([]); // not served
    expect(fs.existsSync(path.join(root, TARGETS.web.stamp))).toBe(false);
    write('apps/web/build.mjs', WORKSPACE_BUILD('dist/index.html', '<built>', 'web'));
    start();
    expect(events()).toEqual(['built web', 'served']);
  });
});
