import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { HttpError } from '../../lib/http-error';
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_S } from '../../plugins/unavailable';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Raising these rehashes users on their next login.
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Every hash holds 19 MiB and a core while it runs on libuv's threads, so a flood of logins could exhaust
 * memory and starve every other call. At most `inFlight` run at once, leaving a core to the event loop (on 2
 * cores, two hashes at once kept other calls' p99 above 200 ms during a flood; one, below: BENCHMARKS.md),
 * and `queued` more wait; past that the caller gets a 503 with Retry-After at once, costing nothing: a login
 * is turned away before it reads the database. `lookups` is how many logins read their account at once: each
 * read holds one of the pool's connections (db/client.ts POOL_SIZE), so a flood leaves the others to every
 * other call.
 */
export const HASH_GATE = {
  inFlight: Math.min(2, Math.max(1, availableParallelism() - 1)),
  queued: 16,
  lookups: 2,
};
export const HASH_BUSY_MESSAGE = BUSY_MESSAGE;

/** A benchmark's reference only: each login reads its account, outside any lane, before asking for room. */
let lookupBeforeRoom = false;
let gate = pLimit(HASH_GATE.inFlight);
let lane = pLimit(HASH_GATE.lookups);
/** Logins let in that are reading their account: they count against the gate's room. */
let lookingUp = 0;
let most = 0;

/** Resizes the gate (benchmarks compare sizes; tests make it small). */
export function configureHashGate(
  size: { inFlight: number; queued: number; lookups?: number },
  reference: { lookupBeforeRoom?: boolean } = {},
): void {
  Object.assign(HASH_GATE, size);
  gate = pLimit(size.inFlight);
  lane = pLimit(HASH_GATE.lookups);
  lookupBeforeRoom = reference.lookupBeforeRoom ?? false;
  most = 0;
}

/** The most hashes that ran at once since the gate was last configured. */
export const hashGateHighWater = (): number => most;

/**
 * A login that cannot start reading its account within this is turned away as busy. Reads are quick, so a
 * lane that slow means the database is struggling or out of reach (each read then spends the pool's 3 s
 * connect timeout), and the last of the gate's 18 would otherwise wait half a minute.
 */
const LANE_WAIT_MS = 3_000;

const busy = () =>
  new HttpError(503, HASH_BUSY_MESSAGE, { headers: { 'retry-after': String(BUSY_RETRY_AFTER_S) } });

/** Throws the 503 when the gate is full: as many hashes running and waiting, or logins reading, as it holds. */
function takeRoom(): void {
  if (gate.activeCount + gate.pendingCount + lookingUp >= HASH_GATE.inFlight + HASH_GATE.queued) throw busy();
}

/** Waits for a turn at the gate; the caller took its room already (synchronously, nothing in between). */
function enter<T>(work: () => Promise<T>): Promise<T> {
  return gate(async () => {
    most = Math.max(most, gate.activeCount);
    return work();
  });
}

/** Runs a login's read in the lane, or turns it away as busy if it waited LANE_WAIT_MS for its turn. */
function inLane<T>(lookup: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let decided = false;
    const timer = setTimeout(() => {
      decided = true;
      reject(busy());
    }, LANE_WAIT_MS);
    void lane(async () => {
      if (decided) return;
      decided = true;
      clearTimeout(timer);
      await lookup().then(resolve, reject);
    });
  });
}

async function gated<T>(work: () => Promise<T>): Promise<T> {
  takeRoom();
  return enter(work);
}

export const hashPassword = (password: string): Promise<string> =>
  gated(() => argon2.hash(password, ARGON2_OPTIONS));

export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= argon2.hash('dummy password for timing only', ARGON2_OPTIONS));

/**
 * Checks a login: reads the account with `lookup`, then verifies the password against its hash; with no
 * account (unknown e-mail) a dummy hash is verified, so the answer takes as long whether or not it exists.
 * Room at the gate is taken first, so a login turned away costs no query. The read runs in the logins' lane
 * of HASH_GATE.lookups connections and is over before the hash waits its turn: no login holds a pooled
 * connection while it waits for the gate or hashes.
 */
export async function checkLogin<T extends { passwordHash: string }>(
  lookup: () => Promise<T | undefined>,
  password: string,
): Promise<{ account: T | undefined; ok: boolean }> {
  if (lookupBeforeRoom) {
    const account = await lookup();
    takeRoom();
    return { account, ok: await enter(() => verify(account?.passwordHash, password)) };
  }
  takeRoom();
  lookingUp++;
  let account: T | undefined;
  try {
    account = await inLane(lookup);
  } finally {
    lookingUp--;
  }
  // No await between giving the reading's room back and queueing at the gate: nobody takes it meanwhile.
  return { account, ok: await enter(() => verify(account?.passwordHash, password)) };
}

async function verify(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await dummy(), password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
