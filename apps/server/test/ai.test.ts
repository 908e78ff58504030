import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAi, type TAiRequest } from '../src/platform/ai/ai.ts';
import { AppError } from '../src/platform/errors.ts';
import { distribution, median, rankBy, standardDeviation, writeReport } from '../src/platform/ai/analyst-kit.ts';

const log = pino({ level: 'silent' });

type TCall = { path: string; auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } };
type TBehaviour = (call: TCall, res: http.ServerResponse) => void;

/** A small OpenAI-compatible chat-completions server whose answer each test chooses. */
const startFakeModel = async () => {
  const calls: TCall[] = [];
  let behaviour: TBehaviour = () => {};
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const call = { path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || '{}') };
      calls.push(call);
      behaviour(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    answer: (fn: TBehaviour) => {
      calls.length = 0;
      behaviour = fn;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const completion = (content: string) => ({
  id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

const request: TAiRequest<{ unit: string }> = {
  facts: { unit: 'Lagos' },
  prompt: { system: 'You are an HR analyst.', user: 'Scores for Lagos: Punctuality 4.5, Teamwork 2.0' },
  analyst: (language) => (language === 'de' ? 'Eingebauter Bericht' : 'Built-in report'),
};

describe('AI layer on an OpenAI-compatible endpoint', () => {
  let fake: Awaited<ReturnType<typeof startFakeModel>>;
  beforeAll(async () => { fake = await startFakeModel(); });
  afterAll(async () => { await fake.close(); });

  it('sends the feature prompt with the model, key and report language, and returns the model text', async () => {
    fake.answer((_call, res) => json(res, 200, completion('  Teamwork is the weakest criterion.  ')));
    const ai = createAi({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model' }, log);
    expect(ai.provider).toBe('model');
    const out = await ai.report('appraisal', request, { language: 'fr' });
    expect(out).toMatchObject({ text: 'Teamwork is the weakest criterion.', provider: 'model', model: 'test-model', language: 'fr' });
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer sk-test');
    expect(call.body.model).toBe('test-model');
    expect(call.body.messages[0]).toMatchObject({ role: 'system' });
    expect(call.body.messages[0].content).toContain('You are an HR analyst.');
    expect(call.body.messages[0].content).toContain('in French');
    expect(call.body.messages[1]).toEqual({ role: 'user', content: request.prompt.user });
  });

  it('retries once after a server error, then answers', async () => {
    let n = 0;
    fake.answer((_call, res) => (++n === 1 ? json(res, 503, { error: { message: 'busy' } }) : json(res, 200, completion('Second try'))));
    const out = await createAi({ baseUrl: fake.baseUrl, model: 'm' }, log).report('appraisal', request, { language: 'en' });
    expect(out.text).toBe('Second try');
    expect(fake.calls).toHaveLength(2);
  });

  it('turns a failing endpoint into a 502 with a clear message after one retry', async () => {
    fake.answer((_call, res) => json(res, 500, { error: { message: 'internal secret detail' } }));
    const err = await createAi({ baseUrl: fake.baseUrl, model: 'm' }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(502);
    expect(err.code).toBe('UPSTREAM');
    expect(err.message).toBe('The AI service could not write this report: it answered with HTTP 500. Try again later, or ask the administrator to check the AI settings.');
    expect(err.message).not.toContain('secret');
    expect(fake.calls).toHaveLength(2);
  });

  it('names a refused key and an unknown model without retrying them', async () => {
    fake.answer((_call, res) => json(res, 401, { error: { message: 'bad key' } }));
    const refused = await createAi({ baseUrl: fake.baseUrl, apiKey: 'wrong', model: 'm' }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(refused.message).toContain('it refused the API key (check AI_API_KEY)');
    expect(fake.calls).toHaveLength(1);
    fake.answer((_call, res) => json(res, 404, { error: { message: 'no such model' } }));
    const unknown = await createAi({ baseUrl: fake.baseUrl, model: 'nope' }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(unknown.message).toContain('it does not know the model or path (check AI_MODEL and AI_BASE_URL)');
  });

  it('gives up on a silent endpoint after the time-out and one retry', async () => {
    fake.answer(() => {}); // never answers
    const err = await createAi({ baseUrl: fake.baseUrl, model: 'm', timeoutMs: 300 }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(err.status).toBe(502);
    expect(err.message).toContain('it did not answer in time');
    expect(fake.calls).toHaveLength(2);
  });

  it('refuses an empty answer', async () => {
    fake.answer((_call, res) => json(res, 200, completion('   ')));
    const err = await createAi({ baseUrl: fake.baseUrl, model: 'm' }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(err.status).toBe(502);
    expect(err.message).toContain('it sent an empty answer');
  });

  it('reports an endpoint nobody listens on as unreachable', async () => {
    const err = await createAi({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 }, log).report('appraisal', request, { language: 'en' }).catch((e) => e);
    expect(err.status).toBe(502);
    expect(err.message).toContain('it could not be reached');
  });
});

describe('AI layer without an endpoint', () => {
  it('uses the feature built-in analyst in the asked language', async () => {
    const ai = createAi({ model: 'gpt-4o-mini' }, log);
    expect(ai.provider).toBe('builtin');
    const out = await ai.report('appraisal', request, { language: 'de' });
    expect(out).toMatchObject({ text: 'Eingebauter Bericht', provider: 'builtin', model: null, language: 'de' });
    expect(out.createdAt).toBeInstanceOf(Date);
  });
});

describe('analyst kit', () => {
  it('ranks highest first and lets ties share a rank', () => {
    const ranked = rankBy([{ n: 'a', v: 3 }, { n: 'b', v: 5 }, { n: 'c', v: 3 }, { n: 'd', v: 1 }], (x) => x.v);
    expect(ranked.map((r) => `${r.n}${r.rank}`)).toEqual(['b1', 'a2', 'c2', 'd4']);
  });

  it('computes median, spread and a distribution whose last band includes its top', () => {
    expect(median([5, 1, 3, 4])).toBe(3.5);
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    const bands = distribution([1, 2.5, 3, 5, 5], [{ label: 'low', min: 1, max: 3 }, { label: 'high', min: 3, max: 5 }]);
    expect(bands.map((b) => b.count)).toEqual([2, 3]);
  });

  it('writes headed sections and leaves empty ones out', () => {
    expect(writeReport('Title', [{ heading: 'A', lines: ['one'] }, { heading: 'Empty', lines: [] }])).toBe('Title\n\nA\n- one');
  });
});
