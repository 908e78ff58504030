/** Transport error classes (spec 01 §8): network, timeout, aborted, and bad request/response by status class. */
export type TTransportKind = 'network' | 'timeout' | 'aborted' | 'bad-request' | 'bad-response';

export type TErrorResponse = { status: number; data: { success?: boolean; message?: string; code?: string; details?: unknown } | undefined };

export class TransportError extends Error {
  override name = 'TransportError';
  readonly kind: TTransportKind;
  readonly response?: TErrorResponse;
  constructor(kind: TTransportKind, message: string, response?: TErrorResponse) {
    super(message);
    this.kind = kind;
    this.response = response;
  }
  get status() {
    return this.response?.status;
  }
  get code() {
    return this.response?.data?.code;
  }
}

export class NetworkError extends TransportError {
  override name = 'NetworkError';
  constructor(message = 'Network Error') {
    super('network', message);
  }
}

export class TimeoutError extends TransportError {
  override name = 'TimeoutError';
  constructor(message = 'The request timed out') {
    super('timeout', message);
  }
}

export class AbortedError extends TransportError {
  override name = 'AbortedError';
  constructor(message = 'The request was aborted') {
    super('aborted', message);
  }
}

/** 4xx: the request was refused. */
export class BadRequestError extends TransportError {
  override name = 'BadRequestError';
  constructor(response: TErrorResponse) {
    super('bad-request', `Request failed with status code ${response.status}`, response);
  }
}

/** 5xx or an unreadable answer. */
export class BadResponseError extends TransportError {
  override name = 'BadResponseError';
  constructor(response: TErrorResponse) {
    super('bad-response', `Request failed with status code ${response.status}`, response);
  }
}

/** Spec 01 §8: the server's response message, else the error message, else the error text. */
export const errorMessage = (error: unknown): string => {
  const serverMessage = (error as { response?: TErrorResponse } | null)?.response?.data?.message;
  if (typeof serverMessage === 'string' && serverMessage) return serverMessage;
  const ownMessage = (error as { message?: unknown } | null)?.message;
  if (typeof ownMessage === 'string' && ownMessage) return ownMessage;
  return String(error);
};

/** Field errors the server names in `details` (zod issues), keyed by the first path segment. */
export const serverFieldErrors = (error: unknown): Record<string, string> => {
  const details = (error as { response?: TErrorResponse } | null)?.response?.data?.details;
  const out: Record<string, string> = {};
  const list = Array.isArray(details) ? details : Array.isArray((details as { issues?: unknown })?.issues) ? (details as { issues: unknown[] }).issues : [];
  for (const item of list) {
    const issue = item as { path?: unknown; field?: unknown; message?: unknown };
    // The server names fields with their request part first (`body.email`); forms know them as `email`.
    const where = Array.isArray(issue.path) ? issue.path.join('.') : typeof issue.path === 'string' ? issue.path : typeof issue.field === 'string' ? issue.field : '';
    const field = where.replace(/^(body|params|querystring)\./, '').split('.')[0];
    if (typeof field === 'string' && typeof issue.message === 'string' && !out[field]) out[field] = issue.message;
  }
  return out;
};
