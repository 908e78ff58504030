// Whether the web app's and the server's builds are current: each build's stamp (dist/.build-stamp, written by
// scripts/start.mjs after a build that succeeded) holds a SHA-256 of the contents of every source file the build
// reads. Contents, not modification times: a checkout or a copy changes the times of files it leaves the same.
// A few MB of sources: ~50 ms.
/* global process */
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

/** A file changed this close to its signature being taken may change again unseen (coarse kernel clock ticks). */
export const RACY_MS = 2000;

/**
 * SHA-256 over each file's path and metadata, in path order; null when a file changed within RACY_MS of now, so
 * that the signature cannot be trusted to see a later change.
 */
export const statSignature = (root, files) => {
  const racyFrom = BigInt(Date.now() - RACY_MS) * 1_000_000n;
  const hash = createHash('sha256');
  let racy = false;
  for (const rel of files) {
    const st = fs.statSync(path.join(root, rel), { bigint: true });
    if (st.ctimeNs >= racyFrom || st.mtimeNs >= racyFrom) racy = true;
    hash.update(`${rel}\0${st.ino}\0${st.size}\0${st.ctimeNs}\0${st.mtimeNs}\n`);
  }
  return racy ? null : hash.digest('hex');
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
 * why. `hash` and `signature` are what the stamp must say once the build succeeds; `checked` says whether the
 * contents were hashed ('contents') or the stamp's signature matched the files' metadata ('stats'). `restamp`: the
 * build is current but its stamp has no signature of today's files (a checkout touched them; a signature was racy):
 * writing the stamp again spares the next start reading the contents.
 */
export const decide = (root, target) => {
  const files = listSources(root, target.inputs);
  const stamp = readStamp(path.join(root, target.stamp));
  const built = fs.existsSync(path.join(root, target.output));
  const signature = statSignature(root, files);
  const base = { files: files.length, signature };
  if (built && stamp?.hash && signature && stamp.signature === signature) {
    return { ...base, decision: 'current', reason: `built ${stamp.builtAt}`, hash: stamp.hash, checked: 'stats', restamp: false };
  }
  const hash = sourceHash(root, files);
  const hashed = { ...base, hash, checked: 'contents', restamp: false };
  if (!built) return { ...hashed, decision: 'rebuild', reason: 'not built yet' };
  if (!stamp) return { ...hashed, decision: 'rebuild', reason: 'no build stamp' };
  if (stamp.hash !== hash) return { ...hashed, decision: 'rebuild', reason: 'sources changed since the last build' };
  return { ...hashed, decision: 'current', reason: `built ${stamp.builtAt}`, restamp: signature !== null, builtAt: stamp.builtAt };
};

export const removeStamp = (root, target) => fs.rmSync(path.join(root, target.stamp), { force: true });

/** signature: the files' metadata when `hash` was taken (decide()); null or left out, the next check reads them. */
export const writeStamp = (root, target, hash, signature = null, builtAt = new Date().toISOString()) => {
  const file = path.join(root, target.stamp);
  // Whole or not at all: a start that reads a stamp half-written would rebuild for nothing.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ hash, builtAt, ...(signature ? { signature } : {}) })}\n`);
  fs.renameSync(tmp, file);
};
