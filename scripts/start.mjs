// `npm start`: builds what is not current (the web app and the server each, by a hash of their sources, see
// build-state.mjs), then runs the compiled server in this process. A start whose builds are current goes straight to
// the server: a restart after a crash is the server's own start-up (~2 s on the embedded database).
//   node scripts/start.mjs               build if needed, then serve
//   node scripts/start.mjs --build-only  build if needed, then exit (npm run build; a build machine)
//   node scripts/start.mjs --force       build both whatever the stamps say
/* global process, console, performance */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TARGETS, decide, removeStamp, writeStamp } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const buildOnly = args.has('--build-only');

const run = ([command, argv]) => new Promise((resolve, reject) => {
  const child = spawn(command, argv, { cwd: root, stdio: 'inherit' });
  child.once('error', reject);
  child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(' ')} failed (${signal ?? `exit ${code}`})`))));
});

const started = performance.now();
const plans = Object.entries(TARGETS).map(([name, target]) => ({ name, target, ...decide(root, target) }));
const stale = plans.filter((p) => force || p.decision === 'rebuild');
// Current, but the stamp has no signature of today's files (a checkout changed their times): the next start then
// need not read the sources again. Not fatal: a stamp that cannot be written only means that reading again.
for (const p of plans) {
  if (!stale.includes(p) && p.restamp) {
    try {
      writeStamp(root, p.target, p.hash, p.signature, p.builtAt);
    } catch { /* read again next time */ }
  }
}
const checkedMs = Math.round(performance.now() - started);
if (stale.length > 0) {
  for (const p of stale) console.log(`building ${p.name}: ${force ? 'forced' : p.reason}`);
  // Side by side: the web build is mostly the bundler's threads, the server's mostly the seed database's initdb.
  // Each is waited for, so one failing does not leave the other running on after this process has gone.
  const results = await Promise.allSettled(stale.map(async (p) => {
    removeStamp(root, p.target); // a build that fails half-way leaves no stamp behind
    await run(p.target.command);
    writeStamp(root, p.target, p.hash, p.signature); // the sources' hash (and metadata) from before the build: a change during it rebuilds next time
  }));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    for (const r of failed) console.error(`Bizdesk could not be built: ${r.reason.message}`);
    process.exit(1);
  }
  console.log(`built ${stale.map((p) => p.name).join(' and ')} in ${Math.round((performance.now() - started) / 1000)} s`);
} else if (buildOnly) {
  console.log(`builds current (web and server, checked in ${checkedMs} ms)`);
}
if (!buildOnly) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(path.join(root, TARGETS.server.output)).href);
}
