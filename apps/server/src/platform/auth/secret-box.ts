import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets kept in the database (authenticator keys) with AES-256-GCM under a key derived (HKDF) from
 * the server's secret, which is never in the database: a copy of the database alone cannot use them. `context`
 * (the owner's id) is bound in, so a sealed value moved to another row does not open.
 */
export type TSecretBox = { seal: (plain: string, context: string) => string; open: (sealed: string, context: string) => string | null };

const VERSION = 'v1';

export const createSecretBox = (serverSecret: string, purpose = 'bizdesk two-factor secrets'): TSecretBox => {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'bizdesk secret box', purpose, 32));
  return {
    seal: (plain, context) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open: (sealed, context) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !body) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
};
