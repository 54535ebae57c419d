import { randomBytes } from 'node:crypto';
import { sm2 } from 'sm-crypto';
import { ConfigError } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { storedSecret } from '../../platform/secrets.ts';

/**
 * The server's SM2 key pair, under which Saber's login form encrypts the password it sends to
 * /api/blade-auth/token (sm-crypto's `doEncrypt(password, publicKey, mode)`). Kept as the token secret is
 * (platform.ts): SM2_PRIVATE_KEY (and optionally SM2_PUBLIC_KEY) from the environment, or else a private key
 * generated on the first start and kept in park_secret, so that every instance and every restart shares it.
 */
export interface Sm2Keys {
  /** 64 hex digits. */
  privateKey: string;
  /** Uncompressed: `04`, then x and y in 64 hex digits each, as Saber's `website.auth.publicKey` holds it. */
  publicKey: string;
}

/** What sm-crypto 0.3 exports at run time beyond its published types. */
const sm2Lib = sm2 as typeof sm2 & {
  generateKeyPairHex(random?: string, radix?: number): { privateKey: string; publicKey: string };
  getPublicKeyFromPrivateKey(privateKey: string): string;
};

const SECRET_NAME = 'sm2';

/** A new key pair from 320 bits of the system's random source (sm-crypto's own falls back to Math.random in Node). */
function generatedPrivateKey(): string {
  return sm2Lib.generateKeyPairHex(randomBytes(40).toString('hex'), 16).privateKey;
}

export async function loadSm2Keys(
  db: Database,
  config: { sm2PrivateKey?: string; sm2PublicKey?: string },
): Promise<Sm2Keys> {
  const privateKey = config.sm2PrivateKey ?? (await storedSecret(db, SECRET_NAME, generatedPrivateKey));
  const publicKey = sm2Lib.getPublicKeyFromPrivateKey(privateKey).toLowerCase();
  if (config.sm2PublicKey) {
    const given = config.sm2PublicKey.length === 128 ? `04${config.sm2PublicKey}` : config.sm2PublicKey;
    if (given !== publicKey) throw new ConfigError('SM2_PUBLIC_KEY is not the public key of SM2_PRIVATE_KEY');
  }
  return { privateKey, publicKey };
}

/** Hex digits of C1 (x and y) and C3 (an SM3 hash); C2 is as long as the text, at most 1024 bytes here. */
const C1_C3_HEX = 128 + 64;
const MAX_C2_HEX = 2048;
const C1C3C2 = 1;
const C1C2C3 = 0;

/**
 * The text encrypted under the server's public key, or undefined when `cipherHex` is not such a ciphertext.
 * Both orders of its parts are taken (C1C3C2, sm-crypto's default, and C1C2C3, which Saber's sm2.js asks for),
 * with or without the `04` that starts an uncompressed C1 (sm-crypto writes none). Each reading is checked by its
 * C3 hash, so a wrong reading is refused, never taken for a password.
 */
export function sm2Decrypt(keys: Sm2Keys, cipherHex: string): string | undefined {
  const hex = cipherHex.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length % 2 !== 0 || hex.length > 2 + C1_C3_HEX + MAX_C2_HEX) return undefined;
  const readings = hex.startsWith('04') ? [hex, hex.slice(2)] : [hex];
  for (const body of readings) {
    if (body.length <= C1_C3_HEX || body.length > C1_C3_HEX + MAX_C2_HEX) continue;
    for (const mode of [C1C3C2, C1C2C3] as const) {
      try {
        const bytes = sm2Lib.doDecrypt(body, keys.privateKey, mode, { output: 'array' }) as unknown as number[];
        if (bytes.length > 0) return Buffer.from(bytes).toString('utf8');
      } catch {
        // A C1 that is no point of the curve, and the like: not this reading.
      }
    }
  }
  return undefined;
}
