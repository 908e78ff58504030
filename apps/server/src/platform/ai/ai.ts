/**
 * The AI layer: one provider interface used by every written report in the product (appraisals, project
 * costs, running costs, energy).
 *
 *   const ai = createAi({ baseUrl, apiKey, model }, log);            // built once (deps.ai)
 *   const out = await ai.report('appraisal', {
 *     facts,                                   // the data the report is about; store it with the text
 *     prompt: { system, user },                // what the model is asked (the feature writes it)
 *     analyst: (language) => text,             // the built-in analyst's template (the feature writes it)
 *   }, { language: 'en' });
 *   // out = { text, provider: 'model' | 'builtin', model: 'gpt-4o-mini' | null, language, createdAt }
 *
 * With AI_BASE_URL set the prompt goes to that OpenAI-compatible chat-completions endpoint (time-out, one
 * retry; a failure becomes a 502 naming the problem, never a silent switch). Without it the feature's
 * built-in analyst writes a deterministic report from the same facts, so reports work offline. Prompts and
 * analyst templates live beside each feature; `analyst-kit.ts` holds the statistics and phrasing helpers
 * they share. Storage is the feature's: keep `facts`, `provider`, `model`, `language` and `createdAt`
 * beside the text so a report can be listed and traced to what it was written from.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createModelClient, type TModelClient } from './model-client.ts';

export const AI_LANGUAGES = ['en', 'de', 'fr'] as const;
export type TAiLanguage = (typeof AI_LANGUAGES)[number];
export type TAiProvider = 'model' | 'builtin';

export type TAiConfig = {
  /** OpenAI-compatible API root, e.g. http://localhost:11434/v1; unset = built-in analyst. */
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Per attempt; one retry follows a time-out, a connection error, 429 or 5xx. */
  timeoutMs?: number;
};

export type TAiRequest<TFacts> = {
  facts: TFacts;
  prompt: { system: string; user: string };
  analyst: (language: TAiLanguage) => string;
};

export type TAiReport = {
  text: string;
  provider: TAiProvider;
  model: string | null;
  language: TAiLanguage;
  createdAt: Date;
};

export type TAi = {
  /** Which path reports take with this configuration (shown to users beside a report). */
  provider: TAiProvider;
  report: <TFacts>(kind: string, request: TAiRequest<TFacts>, opts: { language: TAiLanguage }) => Promise<TAiReport>;
};

const LANGUAGE_NAMES: Record<TAiLanguage, string> = { en: 'English', de: 'German', fr: 'French' };

/** The config values main.ts and tests hand over (config.ts parses them from AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export const aiConfigFrom = (config: { AI_BASE_URL?: string; AI_API_KEY?: string; AI_MODEL: string }): TAiConfig => ({
  baseUrl: config.AI_BASE_URL,
  apiKey: config.AI_API_KEY,
  model: config.AI_MODEL,
});

export const createAi = (config: TAiConfig, log: FastifyBaseLogger): TAi => {
  if (!config.baseUrl && config.apiKey) log.warn('AI_API_KEY is set without AI_BASE_URL: reports use the built-in analyst');
  const client: TModelClient | null = config.baseUrl ? createModelClient({ ...config, baseUrl: config.baseUrl }, log) : null;
  return {
    provider: client ? 'model' : 'builtin',
    report: async (kind, request, { language }) => {
      if (!client) {
        return { text: request.analyst(language).trim(), provider: 'builtin', model: null, language, createdAt: new Date() };
      }
      const system = `${request.prompt.system}\nWrite the whole report in ${LANGUAGE_NAMES[language]}. Plain text with short headings; no tables, no code.`;
      const text = await client.complete(kind, { system, user: request.prompt.user });
      return { text: text.trim(), provider: 'model', model: config.model, language, createdAt: new Date() };
    },
  };
};
