export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'RATE_LIMITED',
  'PIN_REQUIRED',
  'UPSTREAM',
  'INVALID_TOKEN',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export type TMessageParams = Record<string, string | number>;

export class AppError extends Error {
  /** A key of the web's `core:serverMsg` texts: the web shows the message in the reader's language from it and `params`. */
  messageKey?: string;
  params?: TMessageParams;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Names the message for translation: `throw badRequest('endDate: …').as('leaveOneYear')`. */
  as(messageKey: string, params?: TMessageParams) {
    this.messageKey = messageKey;
    if (params) this.params = params;
    return this;
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION', message, 400, details);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`, 404);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message, 403);
export const conflict = (message: string) => new AppError('CONFLICT', message, 409);
