import argon2 from 'argon2';
import pLimit from 'p-limit';
import { HttpError } from '../../plugins/errors';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Raising these rehashes users on their next login.
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Every hash holds 19 MiB while it runs on libuv's threads, so a flood of logins could exhaust memory and
 * starve every other call. At most `inFlight` run at once and `queued` more wait; past that the caller gets a
 * 503 with Retry-After at once, costing nothing.
 */
export const HASH_GATE = { inFlight: 2, queued: 16 };
export const HASH_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

let gate = pLimit(HASH_GATE.inFlight);
let most = 0;

/** Resizes the gate (benchmarks compare sizes; tests make it small). */
export function configureHashGate(size: { inFlight: number; queued: number }): void {
  Object.assign(HASH_GATE, size);
  gate = pLimit(size.inFlight);
  most = 0;
}

/** The most hashes that ran at once since the gate was last configured. */
export const hashGateHighWater = (): number => most;

function gated<T>(work: () => Promise<T>): Promise<T> {
  if (gate.activeCount + gate.pendingCount >= HASH_GATE.inFlight + HASH_GATE.queued) {
    return Promise.reject(new HttpError(503, HASH_BUSY_MESSAGE, { headers: { 'retry-after': '1' } }));
  }
  return gate(async () => {
    most = Math.max(most, gate.activeCount);
    return work();
  });
}

export const hashPassword = (password: string): Promise<string> =>
  gated(() => argon2.hash(password, ARGON2_OPTIONS));

export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown e-mail) it still spends one verification on a dummy
 * hash, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argon2.hash('dummy password for timing only', ARGON2_OPTIONS);
    const dummy = await dummyHash;
    await gated(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return gated(() => argon2.verify(hash, password).catch(() => false));
}
