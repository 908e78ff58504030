import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, nextIp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { startSmtp, type TSmtp } from './helpers/smtp.ts';
import { peopleApi } from './helpers/people.ts';

/** The appraisal report route with AI_BASE_URL set: the model writes it, and a failing model is a clear 502. */
describe('appraisal report through an OpenAI-compatible endpoint', () => {
  let t: TTestApp;
  let smtp: TSmtp;
  let owner: TSession;
  let server: http.Server;
  let unitId: string;
  const prompts: string[] = [];
  let failing = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        prompts.push(raw);
        if (failing) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"error":{"message":"down"}}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'local', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Model report: Delivery is strongest.' } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, AI_MODEL: 'local' });
    owner = await registerBusiness(t.app, { businessName: 'Model Test Ltd' });
    const api = peopleApi(t.app, owner);
    const dept = await api.department('Ops');
    unitId = dept.unitId;
    const boss = await api.employee({ firstName: 'Boss', email: 'boss@model.example', departmentId: dept._id });
    const worker = await api.employee({ firstName: 'Worker', email: 'worker@model.example', departmentId: dept._id });
    await t.app.inject({ method: 'PUT', url: '/api/v1/employee/update-hierarchy', headers: api.h, payload: { employeeId: worker._id, appraiser: boss._id } });
    const cfg = await t.app.inject({ method: 'POST', url: '/api/v1/employee/appraisal-config', headers: api.h, payload: { ownerEmail: owner.user.email, department: dept._id, criteria: [{ name: 'Delivery', weight: 60 }, { name: 'Safety', weight: 40 }] } });
    const criteria = cfg.json().data.criteria;
    await t.app.inject({ method: 'POST', url: '/api/v1/employee/send-appraisal', headers: api.h, payload: { department: dept._id, period: 'Q4', dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) } });
    const link = smtp.to('boss@model.example')[0].text.replace(/=\r?\n/g, '').match(/\/appraisal\/([A-Za-z0-9_-]{20,100})/)![1];
    const scored = await t.app.inject({ method: 'PUT', url: `/api/v1/employee/appraisal/${link}`, remoteAddress: nextIp(), payload: { scores: [{ criterionId: criteria[0]._id, score: 5 }, { criterionId: criteria[1]._id, score: 2 }] } });
    expect(scored.statusCode, scored.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const report = () => t.app.inject({ method: 'GET', url: `/api/v1/openAi/appraisal-report/${owner.user.email}/Model/NG/${unitId}?language=fr`, headers: bearer(owner.token) });

  it('keeps the model’s text with the provider and model, having sent it the unit’s figures', async () => {
    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ provider: 'model', model: 'local', language: 'fr', text: 'Model report: Delivery is strongest.' });
    const sent = JSON.parse(prompts.at(-1)!);
    expect(sent.model).toBe('local');
    expect(sent.messages[0].content).toContain('in French');
    expect(sent.messages[1].content).toContain('"name":"Delivery"');
    expect(sent.messages[1].content).toContain('Worker');
  });

  it('answers 502 with a clear message when the endpoint fails, and keeps nothing', async () => {
    failing = true;
    const res = await report();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'UPSTREAM', message: 'The AI service could not write this report: it answered with HTTP 500. Try again later, or ask the administrator to check the AI settings.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/openAi/appraisal-reports', headers: bearer(owner.token) });
    expect(list.json().totalRecords).toBe(1);
  });
});
