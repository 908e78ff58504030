import type OpenAIType from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';

export type TModelClient = { complete: (kind: string, messages: { system: string; user: string }) => Promise<string> };

const DEFAULT_TIMEOUT_MS = 60_000;

type TOpenAI = typeof OpenAIType;
/** The `openai` package (~90 ms to load) is loaded on the first report, not on every start: most installs use the built-in analyst. */
let loading: Promise<TOpenAI> | null = null;
const loadOpenAI = () => (loading ??= import('openai').then((m) => m.default));

/** Why the call failed, in words an owner can act on (no key, no stack, no response body). */
const describeFailure = (OpenAI: TOpenAI, err: unknown): string => {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'it did not answer in time';
  if (err instanceof OpenAI.APIConnectionError) return 'it could not be reached';
  if (err instanceof OpenAI.AuthenticationError) return 'it refused the API key (check AI_API_KEY)';
  if (err instanceof OpenAI.NotFoundError) return 'it does not know the model or path (check AI_MODEL and AI_BASE_URL)';
  if (err instanceof OpenAI.RateLimitError) return 'it is rate limiting this server';
  if (err instanceof OpenAI.APIError && err.status) return `it answered with HTTP ${err.status}`;
  if (err instanceof EmptyAnswer) return 'it sent an empty answer';
  return 'its answer could not be read';
};

class EmptyAnswer extends Error {}

export const aiUnavailable = (reason: string) =>
  new AppError('UPSTREAM', `The AI service could not write this report: ${reason}. Try again later, or ask the administrator to check the AI settings.`, 502);

/** Chat completions against an OpenAI-compatible endpoint with the `openai` package. */
export const createModelClient = (
  config: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number },
  log: FastifyBaseLogger,
): TModelClient => {
  let client: OpenAIType | null = null;
  return {
    complete: async (kind, { system, user }) => {
      const OpenAI = await loadOpenAI();
      // Local servers (llama.cpp, Ollama, vLLM) take no key, but the package insists on one.
      const openai = (client ??= new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey || 'none', timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxRetries: 1 }));
      try {
        const completion = await openai.chat.completions.create({
          model: config.model,
          temperature: 0.2,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        });
        const text = completion.choices?.[0]?.message?.content;
        if (typeof text !== 'string' || !text.trim()) throw new EmptyAnswer();
        return text;
      } catch (err) {
        const reason = describeFailure(OpenAI, err);
        log.warn({ kind, reason, status: (err as { status?: number }).status }, 'AI report failed');
        throw aiUnavailable(reason);
      }
    },
  };
};
