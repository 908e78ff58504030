import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, registerSecurityHeaders } from '../security-headers.ts';

describe('security headers', () => {
  it('sends helmet\'s headers, with our content security policy, on answers and on not-found pages alike', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ['https://www.youtube.com'] } } });
    app.get('/x', async () => ({ ok: true }));
    for (const url of ['/x', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-src https://www.youtube.com");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    }
    await app.close();
  });

  it("allows index.html's inline scripts by their hashes, and no script with a source", async () => {
    const start = '(function () { document.title = "x"; })();';
    const html = `<head><script async src="/start-read.js"></script><script type="module" crossorigin src="/a.js"></script></head><body><div id="root"></div>\n<script>${start}</script><script> </script></body>`;
    const hash = `'sha256-${createHash('sha256').update(start).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash]);
    expect(inlineScriptHashes('<div></div>')).toEqual([]);
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", ...inlineScriptHashes(html)] } } });
    app.get('/x', async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    await app.close();
  });
});
