import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret; `bytes` of entropy (default 32 = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
