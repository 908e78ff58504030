import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TTokenClaims =
  | { scope: 'user'; id: string; bid: string; roles: string[]; ver: number }
  | { scope: 'portal'; id: string; bid: string; ver: number }
  | { scope: 'collector'; id: string; bid: string; ver: number };

export type TJwt = {
  sign: (claims: TTokenClaims, expiresIn?: string) => Promise<string>;
  verify: (token: string) => Promise<TTokenClaims | null>;
};

export const createJwt = (secret: string): TJwt => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresIn = '7d') =>
      new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.id !== 'string' || typeof payload.bid !== 'string' || typeof payload.ver !== 'number') return null;
        if (!['user', 'portal', 'collector'].includes(payload.scope as string)) return null;
        return payload as unknown as TTokenClaims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
};
