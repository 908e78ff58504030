import { describe, expect, it } from 'vitest';
import { createJwt } from '../jwt.ts';

const claims = { scope: 'user' as const, id: 'u1', bid: 'b1', roles: ['owner'], ver: 1 };

describe('tokens', () => {
  it('refuses a remembered token once it has expired', async () => {
    const jwt = createJwt('s'.repeat(40));
    const token = await jwt.sign(claims, '2s');
    expect(await jwt.verify(token)).toMatchObject(claims);
    expect(await jwt.verify(token)).toMatchObject(claims); // from memory
    await new Promise((r) => setTimeout(r, 2100));
    expect(await jwt.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key or altered, even after the genuine one was remembered', async () => {
    const jwt = createJwt('s'.repeat(40));
    const token = await jwt.sign(claims);
    expect(await jwt.verify(token)).not.toBeNull();
    expect(await createJwt('t'.repeat(40)).verify(token)).toBeNull();
    const [h, , sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, roles: ['owner', 'HR-access'], exp: 4102444800 })).toString('base64url')}.${sig}`;
    expect(await jwt.verify(forged)).toBeNull();
  });
});
