import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TTokenClaims =
  | { scope: 'user'; id: string; bid: string; roles: string[]; ver: number }
  | { scope: 'portal'; id: string; bid: string; ver: number }
  | { scope: 'collector'; id: string; bid: string; ver: number };

export type TJwt = {
  sign: (claims: TTokenClaims, expiresIn?: string) => Promise<string>;
  verify: (token: string) => Promise<TTokenClaims | null>;
};

/** Verified tokens remembered (the signature check is a tenth of a list request's CPU); oldest forgotten first. */
const VERIFIED_MAX = 10_000;

export const createJwt = (secret: string): TJwt => {
  const key = new TextEncoder().encode(secret);
  // token → claims and expiry (s). A token's signature cannot change, so it is checked once; expiry is
  // checked on every use, and revocation (token version) is the principal lookup's job on every request.
  const verified = new Map<string, { claims: TTokenClaims; exp: number }>();
  const remember = (token: string, claims: TTokenClaims, exp: number) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  };
  return {
    sign: (claims, expiresIn = '7d') =>
      new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.id !== 'string' || typeof payload.bid !== 'string' || typeof payload.ver !== 'number') return null;
        if (!['user', 'portal', 'collector'].includes(payload.scope as string)) return null;
        if (typeof payload.exp !== 'number') return null;
        const claims = payload as unknown as TTokenClaims;
        remember(token, claims, payload.exp);
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
};
