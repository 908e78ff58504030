import { MSG } from '@bizdesk/contract';
/** Transport error classes (spec 01 §8): network, timeout, aborted, and bad request/response by status class. */
export type TTransportKind = 'network' | 'timeout' | 'aborted' | 'bad-request' | 'bad-response';

export type TErrorResponse = {
  status: number;
  data: { success?: boolean; message?: string; code?: string; field?: string; messageKey?: string; params?: Record<string, string | number>; details?: unknown } | undefined;
};

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

/** Catalogue messages that are about one field although they do not name it. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [MSG.emailTaken]: 'email',
  [MSG.employeeEmailTaken]: 'email',
  [MSG.employeeNumberTaken]: 'employeeNumber',
  [MSG.designationTaken]: 'name',
};

/**
 * The server's errors by form field. It names fields two ways: the `details` of a validation
 * failure (`[{ field: 'body.email', message }]`, the request part dropped here) and a message that
 * starts with the field (`upline: this would make a circle …`). The first message of a field wins.
 */
export const serverFieldErrors = (error: unknown): Record<string, string> => {
  const data = (error as { response?: TErrorResponse } | null)?.response?.data;
  const details = data?.details;
  const out: Record<string, string> = {};
  const put = (field: string | undefined, message: string) => {
    if (field && !out[field]) out[field] = message;
  };
  const list = Array.isArray(details) ? details : Array.isArray((details as { issues?: unknown })?.issues) ? (details as { issues: unknown[] }).issues : [];
  for (const item of list) {
    const issue = item as { path?: unknown; field?: unknown; message?: unknown };
    if (typeof issue?.message !== 'string') continue;
    const where = Array.isArray(issue.path) ? issue.path.join('.') : typeof issue.path === 'string' ? issue.path : typeof issue.field === 'string' ? issue.field : '';
    put(where.replace(/^(body|params|querystring)\./, '').split('.')[0], issue.message);
  }
  const message = data?.message;
  if (typeof message === 'string' && data?.field && message.startsWith(`${data.field}: `)) put(data.field.split('.')[0], message.slice(data.field.length + 2));
  if (typeof message === 'string') {
    const named = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(message);
    if (named) put(named[1], named[2]!);
    put(FIELD_OF_MESSAGE[message], message);
  }
  return out;
};
