import bcrypt from 'bcryptjs';
import { badRequest } from '../../platform/errors.ts';

/**
 * Passwords as the contract stores them: bcrypt of the lower-case MD5 hex of what the
 * user typed. Forms that send a password the way the login does (update-password)
 * send that MD5; hashing a typed password goes through seed's hashPassword.
 */
const MD5_HEX = /^[0-9a-f]{32}$/;

export function digestParam(value: unknown, missing: { zh: string; en: string }): string {
  const s = String(value ?? '').trim();
  if (!s) throw badRequest(missing);
  if (!MD5_HEX.test(s)) {
    throw badRequest({ zh: '密码须以MD5摘要提交', en: 'The password must be sent as its MD5 digest' });
  }
  return s;
}

export function hashDigest(md5: string): Promise<string> {
  return bcrypt.hash(md5, 10);
}

export function digestMatches(md5: string, stored: string): Promise<boolean> {
  return stored ? bcrypt.compare(md5, stored) : Promise.resolve(false);
}
