import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TServer = { baseUrl: string; stop: () => Promise<void>; output: () => string };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the real API server (embedded PostgreSQL in a fresh data folder) serving the built SPA; waits for /api/v1/health. */
export const startServer = async (root: string): Promise<TServer> => {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'bizdesk-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: join(root, 'apps/web/dist'), LOG_LEVEL: 'warn', NODE_ENV: 'production',
      // Each device of the flows names its own client address (lib/client-addresses.ts); only the loopback may say so.
      TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      for (let i = 0; i < 60 && exited === null; i++) await sleep(100);
      if (exited === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the server exited (code ${exited}) before it was healthy:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within 90 s:\n${log}`);
    }
    await sleep(300);
  }
  return { baseUrl, stop, output: () => log };
};
