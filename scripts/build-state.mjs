// Whether the web app's and the server's builds are current: each build's stamp (dist/.build-stamp, written by
// scripts/start.mjs after a build that succeeded) holds a SHA-256 of the contents of every source file the build
// reads. Contents, not modification times: a checkout or a copy changes the times of files it leaves the same.
// A few MB of sources: ~50 ms.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders never read as sources: installed packages, build outputs, caches. */
const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage', '.turbo']);

const SHARED = ['packages/contract', 'packages/payroll', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/**
 * What each build reads (files or folders, relative to the checkout), where its stamp goes and the file that proves
 * the output is there. The migrations are under apps/server/src (db/migrations); the seed database the server build
 * makes is derived from them.
 */
export const TARGETS = {
  web: {
    inputs: ['apps/web', ...SHARED],
    stamp: 'apps/web/dist/.build-stamp',
    output: 'apps/web/dist/index.html',
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/build.ts', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED],
    stamp: 'apps/server/dist/.build-stamp',
    output: 'apps/server/dist/main.js',
    command: ['npm', ['run', 'build', '-w', 'apps/server']],
  },
};

/** Every file under the inputs, as sorted paths relative to root (folders named in SKIP left out). */
export const listSources = (root, inputs) => {
  const files = [];
  const walk = (rel) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      return; // an optional input that is not there
    }
    if (stat.isFile()) {
      files.push(rel);
      return;
    }
    if (!stat.isDirectory()) return;
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.isDirectory() && SKIP.has(entry.name)) continue;
      walk(path.posix.join(rel, entry.name));
    }
  };
  for (const input of inputs) walk(input);
  return [...new Set(files)].sort();
};

/** SHA-256 over each file's path and contents, in path order. */
export const sourceHash = (root, files) => {
  const hash = createHash('sha256');
  for (const rel of files) {
    const body = fs.readFileSync(path.join(root, rel));
    hash.update(`${rel}\0${body.length}\0`);
    hash.update(body);
  }
  return hash.digest('hex');
};

const readStamp = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * 'current' when the stamp names the hash of today's sources and the output is there; otherwise 'rebuild', with
 * why. `hash` is what the stamp must say once the build succeeds.
 */
export const decide = (root, target) => {
  const files = listSources(root, target.inputs);
  const hash = sourceHash(root, files);
  const stamp = readStamp(path.join(root, target.stamp));
  if (!fs.existsSync(path.join(root, target.output))) return { decision: 'rebuild', reason: 'not built yet', hash, files: files.length };
  if (!stamp) return { decision: 'rebuild', reason: 'no build stamp', hash, files: files.length };
  if (stamp.hash !== hash) return { decision: 'rebuild', reason: 'sources changed since the last build', hash, files: files.length };
  return { decision: 'current', reason: `built ${stamp.builtAt}`, hash, files: files.length };
};

export const removeStamp = (root, target) => fs.rmSync(path.join(root, target.stamp), { force: true });

export const writeStamp = (root, target, hash) => {
  fs.writeFileSync(path.join(root, target.stamp), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
};
