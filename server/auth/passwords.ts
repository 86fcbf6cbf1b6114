/**
 * Staff password hashes. New hashes are argon2id (@node-rs/argon2: native, N-API, prebuilt for
 * Windows, macOS and Linux, loads in Electron); hashes of the previous version and of the original
 * system are bcrypt and are still verified (@node-rs/bcrypt), then replaced at the next successful
 * sign-in (needsRehash). Both libraries compute on libuv's thread pool, never on the event loop, so
 * a burst of sign-ins does not freeze the API; and every hash and check waits its turn in one short
 * queue (PASSWORD_CHECKS_AT_ONCE), which leaves thread-pool threads to files and everything else.
 *
 * Nothing is hashed when this module is imported: the dummy hash is a constant.
 */
import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { verify as bcryptVerify } from '@node-rs/bcrypt';
import os from 'node:os';
import { createLimiter } from '../common/limiter.js';

/** OWASP's argon2id settings (19 MiB, 2 passes, 1 lane): about 15 ms per check on one core. */
export const ARGON2_POLICY = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Compared against when the login is unknown, so an unknown login takes as long as a wrong
 * password: an argon2id hash of the current policy (of a password nobody signs in with — an
 * unknown login is refused whatever the check says). passwords.test.ts checks it matches the policy.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$jaqqITUoEDVGMAVji1+NZw$Wp2V9zhDiRKBZ0Buc3XHUK5GeCSMCPQBg6yRFvTw8Vw';

/**
 * How many hashes or checks run at once; the rest wait in line (first come, first served). Below
 * libuv's 4 pool threads, and one core is left to the event loop.
 */
export const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.min(3, os.availableParallelism() - 1));

const inLine = createLimiter(PASSWORD_CHECKS_AT_ONCE);

const BCRYPT_HASH = /^\$2[abxy]\$\d{2}\$/;

export const hashPassword = (password: string): Promise<string> => inLine(() => argon2Hash(password, ARGON2_POLICY));

/**
 * Whether the password matches a stored argon2id or bcrypt hash (false for anything else).
 *
 * bcrypt reads only the first 72 bytes of a password: a bcrypt hash made from a longer one (up to
 * 50 Cyrillic characters are 100 bytes) still accepts it here, so that nobody is locked out by the
 * upgrade, and the sign-in then stores an argon2id hash of the whole password. New passwords are
 * never cut: argon2 reads all of it.
 */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  // A damaged stored hash is a failed check, not a 500.
  if (hash.startsWith('$argon2')) return inLine(() => argon2Verify(hash, password)).catch(() => false);
  if (BCRYPT_HASH.test(hash)) return inLine(() => bcryptVerify(password, hash)).catch(() => false);
  return Promise.resolve(false);
}

/** True for a hash to replace at the next successful sign-in: bcrypt, or argon2 of another policy. */
export function needsRehash(hash: string): boolean {
  if (!hash.startsWith('$argon2id$')) return true;
  try {
    const options = parseOptions(hash);
    return (
      options.memoryCost !== ARGON2_POLICY.memoryCost || options.timeCost !== ARGON2_POLICY.timeCost || options.parallelism !== ARGON2_POLICY.parallelism
    );
  } catch {
    return true;
  }
}
