import { hashPlainSync } from '../src/modules/user/passwords.ts';

/**
 * The scrypt cost of the tests' own people (2^4, as the benchmark's): a hash verifies at the cost it carries, and at
 * today's (2^15, about 75 ms of CPU) the suite's logins spent half a minute of each server stage hashing. The seeded
 * people get such hashes too (global-setup.ts). What the server writes, and passwords.test.ts, keep today's cost.
 */
export const TEST_HASH_LN = 4;
export const testPasswordHash = (plain: string) => hashPlainSync(plain, TEST_HASH_LN);
