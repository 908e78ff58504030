import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerBusiness, type TTestApp } from './helpers/test-app.ts';

/** Issue 10: the SPA served like a production web server — precompressed assets, long caching for hashed files. */
describe('serving the built web app', () => {
  let t: TTestApp;
  let webDist: string;
  let token: string;
  const script = `console.log(${JSON.stringify('bizdesk '.repeat(400))});`;
  const indexHtml = `<!doctype html><html lang="en"><head><title>Bizdesk</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'bizdesk-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), indexHtml);
    await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(path.join(webDist, 'start-read.js'), '(function () {})();');
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), script);
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    t = await createTestApp({ WEB_DIST: webDist });
    token = (await registerBusiness(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends a hashed script brotli- or gzip-compressed as the browser accepts, cached for a year as immutable', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html for app paths with no-cache, compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/employee', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(indexHtml);
  });

  it("serves the start's early read script, never cached (a deploy's new one must reach every start)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/start-read.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('(function () {})();');
  });

  it('keeps unhashed public files an hour, not a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses API answers above 1 KiB and leaves small ones alone, never cached', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
  });
});
