import { describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { serverFieldErrors } from './errors.ts';

const failure = (details: unknown, message = 'The request is not valid') => ({ response: { status: 400, data: { success: false, message, code: 'VALIDATION', details } } });

describe('serverFieldErrors', () => {
  it('keys the server validation details by the form field, without the request part', () => {
    const errors = serverFieldErrors(failure([
      { field: 'body.email', message: 'must be a valid e-mail address' },
      { field: 'body.roles.0', message: 'must be one of: Settings-access' },
      { field: 'params.id', message: 'must be a valid id' },
    ]));
    expect(errors).toEqual({ email: 'must be a valid e-mail address', roles: 'must be one of: Settings-access', id: 'must be a valid id' });
  });

  it('keeps the first message of a field and ignores details it cannot read', () => {
    const errors = serverFieldErrors(failure([{ field: 'body.password', message: 'is required' }, { field: 'body.password', message: 'too short' }, { nonsense: true }]));
    expect(errors).toEqual({ password: 'is required' });
  });

  it('reads a field named at the start of the message, and catalogue messages about one field', () => {
    expect(serverFieldErrors(failure(undefined, 'upline: this would make a circle'))).toEqual({ upline: 'this would make a circle' });
    expect(serverFieldErrors(failure(undefined, MSG.emailTaken))).toEqual({ email: MSG.emailTaken });
  });

  it('returns nothing for an error without details', () => {
    expect(serverFieldErrors(new Error('Network Error'))).toEqual({});
  });
});
