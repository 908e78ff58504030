import { describe, expect, it } from 'vitest';
import { InvalidTokenError, decodeToken, getTokenUserId } from './token.ts';
import { fakeToken } from '../../test/render.tsx';

describe('token validation (spec 01 §5)', () => {
  it('decodes the payload of a well-formed token and reads its id', () => {
    const token = fakeToken({ id: 'a1b2', roles: ['owner'] });
    expect(decodeToken(token)).toMatchObject({ id: 'a1b2', roles: ['owner'] });
    expect(getTokenUserId(token)).toBe('a1b2');
  });

  it('decodes UTF-8 payloads written in base64url', () => {
    const json = JSON.stringify({ id: 'x', name: 'Zoë Ọlá' });
    const base64url = btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeToken(`h.${base64url}.s`)).toMatchObject({ name: 'Zoë Ọlá' });
  });

  it.each([[undefined], [null], [42], [{ token: 'a.b.c' }], [['a', 'b']]])('rejects a token that is not a string: %s', (value) => {
    expect(() => decodeToken(value)).toThrow(InvalidTokenError);
    expect(() => decodeToken(value)).toThrow(/must be a string/);
  });

  it.each(['', 'onlyonepart', 'header.', 'header..signature'])('rejects a token without a payload part: "%s"', (value) => {
    expect(() => decodeToken(value)).toThrow(/missing part #2/);
  });

  it('rejects a payload with invalid base64', () => {
    expect(() => decodeToken('header.%%%not-base64%%%.sig')).toThrow(/invalid base64/);
    expect(() => decodeToken('header.a.sig')).toThrow(/invalid base64/);
  });

  it('rejects a payload that is not JSON', () => {
    const notJson = btoa('this is not json').replace(/=+$/, '');
    expect(() => decodeToken(`header.${notJson}.sig`)).toThrow(/invalid json/);
  });

  it('rejects a payload whose bytes are not UTF-8', () => {
    const latin1 = btoa(String.fromCharCode(0xff, 0xfe, 0x7b)).replace(/=+$/, '');
    expect(() => decodeToken(`header.${latin1}.sig`)).toThrow(InvalidTokenError);
  });

  it('treats an expired or id-less token as no session', () => {
    expect(getTokenUserId(fakeToken({ id: 'u1', exp: 1000 }), 2_000_000)).toBeNull();
    expect(getTokenUserId(fakeToken({ id: 'u1', exp: 3000 }), 2_000_000)).toBe('u1');
    expect(getTokenUserId(fakeToken({ sub: 'u1' }))).toBeNull();
    expect(getTokenUserId('garbage')).toBeNull();
  });
});
