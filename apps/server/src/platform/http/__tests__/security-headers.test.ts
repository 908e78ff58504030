import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../security-headers.ts';

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
});
