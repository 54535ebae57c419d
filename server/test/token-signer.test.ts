import { describe, expect, it } from 'vitest';
import { type AccessClaims, TokenSigner } from '../src/platform/tokens.ts';

const NOW = 1_800_000_000;
const claims: AccessClaims = {
  sid: '1',
  tenantId: '000000',
  userId: '2',
  deptId: '3',
  roleIds: ['4'],
  roleAliases: ['administrator'],
  postId: '5',
  account: 'admin',
  userName: '管理员',
  accountType: 'platform',
  clientId: 'saber',
  typ: 'access',
  iat: NOW,
  exp: NOW + 60,
};

describe('TokenSigner', () => {
  it('still refuses a remembered token once it has expired, or when another kind is asked for', () => {
    const signer = new TokenSigner('a'.repeat(40));
    const token = signer.sign(claims);
    expect(signer.verify(token, 'access', NOW)?.userId).toBe('2');
    // The second check answers from memory: expiry and kind are still checked.
    expect(signer.verify(token, 'access', NOW + 59)?.userId).toBe('2');
    expect(signer.verify(token, 'refresh', NOW)).toBeUndefined();
    expect(signer.verify(token, 'access', NOW + 60)).toBeUndefined();
  });

  it('never remembers a token whose signature is wrong', () => {
    const signer = new TokenSigner('a'.repeat(40));
    const other = new TokenSigner('b'.repeat(40));
    const forged = other.sign(claims);
    expect(signer.verify(forged, 'access', NOW)).toBeUndefined();
    expect(signer.verify(forged, 'access', NOW)).toBeUndefined();
    const [head, body] = signer.sign(claims).split('.');
    expect(signer.verify(`${head}.${body}.`, 'access', NOW)).toBeUndefined();
  });

  it('hands out claims nobody can change for the next request', () => {
    const signer = new TokenSigner('a'.repeat(40));
    const verified = signer.verify(signer.sign(claims), 'access', NOW) as AccessClaims;
    expect(() => {
      verified.tenantId = 'other';
    }).toThrow();
  });
});
