import { emailDigest, hashToken } from '../../lib/secure-token';
import { HttpError } from '../../lib/http-error';
import type { ThrottleStore } from './login-throttle-store';

/**
 * Wrong passwords are counted per account and device for a device the owner has logged in with (it carries
 * a device cookie marked known for the account), and per account and address for any other. Nobody without
 * that cookie adds to its count, so strangers behind the owner's address (a shared network, or every user
 * when the proxy is not trusted) never make the owner's browser wait. Past the per-account limit (failures
 * from all unknown devices together) unknown devices wait as well, known ones never: someone without the
 * password can slow an account's new devices down but never keep its owner out of a device the owner has
 * used, and a new device the throttle refuses is offered a mailed unlock link (login-unlock.service.ts).
 * A correct password clears the count it was checked against; a password reset (which proves the mailbox)
 * clears the account's count and those of the device and address it was made from.
 */
export const LOGIN_THROTTLE = {
  perAccountAndDevice: 10,
  perAccountAndAddress: 10,
  perAccount: 50,
  windowMs: 15 * 60_000,
  /** How long a successful login (or an opened unlock link) makes a device, or address, known for that account. */
  knownForMs: 90 * 24 * 3_600_000,
  /** At most one unlock mail per account in this time, however often its new devices are refused. */
  unlockMailEveryMs: 15 * 60_000,
} as const;

export const LOGIN_THROTTLE_MESSAGES = {
  device: (wait: string) =>
    `Too many failed logins for this account from this device. Please try again in ${wait}, or reset your password.`,
  address: (wait: string) =>
    `Too many failed logins for this account from your address. We sent an unlock link to its e-mail address; open it on this device, or try again in ${wait}.`,
  account: (wait: string) =>
    `Too many failed logins for this account. We sent an unlock link to its e-mail address; open it on this device, or try again in ${wait} from a device you used before.`,
} as const;

export interface LoginAttempt {
  email: string;
  ip: string;
  /** The device cookie the request carries, if any (login-device-cookie.ts). */
  device: string | undefined;
}

/** A login the throttle let through, told its outcome once the password is checked. */
export interface ThrottledLogin {
  failed(): Promise<void>;
  /** `device`: the device cookie the answer sets (the one carried, or a new one). */
  succeeded(device: string): Promise<void>;
}

// Only digests are stored: no e-mail, address or device cookie sits in memory or Redis in the clear.
const short = (value: string) => hashToken(value).slice(0, 32);
const keysOf = (email: string) => {
  const account = emailDigest(email).slice(0, 32);
  return {
    all: `account:${account}`,
    unlockMailed: `unlock-mailed:${account}`,
    pair: (ip: string) => `pair:${account}:${short(ip)}`,
    knownAddress: (ip: string) => `known:${account}:${short(ip)}`,
    device: (device: string) => `device:${account}:${short(device)}`,
    knownDevice: (device: string) => `known-device:${account}:${short(device)}`,
  };
};

/** Makes `device` known for the account: after a successful login, or an unlock link opened on it. */
export const markDeviceKnown = (store: ThrottleStore, email: string, device: string): Promise<void> =>
  store.mark(keysOf(email).knownDevice(device), LOGIN_THROTTLE.knownForMs);

const wait = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const refusal = (message: (wait: string) => string, ttlMs: number) =>
  new HttpError(429, message(wait(ttlMs)), {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
  });

/** The login throttle: asked before the password is hashed, told the outcome after. */
export function createLoginThrottle(
  store: ThrottleStore,
  options: {
    /** Mails the account an unlock link; answers alike whether or not the account exists. */
    onNewDeviceRefused: (email: string) => Promise<void>;
  },
) {
  const count = (key: string) => store.increment(key, LOGIN_THROTTLE.windowMs);

  async function remember(attempt: LoginAttempt, cleared: string, device: string): Promise<void> {
    const keys = keysOf(attempt.email);
    await Promise.all([
      store.remove(cleared),
      markDeviceKnown(store, attempt.email, device),
      store.mark(keys.knownAddress(attempt.ip), LOGIN_THROTTLE.knownForMs),
    ]);
  }

  /**
   * Refuses a device the account does not know. The first refusal in a while, whether or not the account
   * exists, hands the unlock mail on, so neither the answer nor the work behind it tells who has an account.
   */
  async function refuseNewDevice(email: string, error: HttpError): Promise<never> {
    const claim = keysOf(email).unlockMailed;
    if (await store.claim(claim, LOGIN_THROTTLE.unlockMailEveryMs)) {
      try {
        await options.onNewDeviceRefused(email);
      } catch (err) {
        // Not sent: the next refusal tries again rather than leave the owner without a link.
        await store.remove(claim);
        throw err;
      }
    }
    throw error;
  }

  return {
    /** After a password reset made from `attempt`'s device and address: their counts and the account's start over. */
    async forgive(attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(attempt.email);
      await Promise.all([
        store.remove(keys.all),
        store.remove(keys.pair(attempt.ip)),
        attempt.device === undefined ? undefined : store.remove(keys.device(attempt.device)),
      ]);
    },
    /** Throws 429 when this device (or address, for a device the account does not know) must wait. */
    async begin(attempt: LoginAttempt): Promise<ThrottledLogin> {
      const keys = keysOf(attempt.email);
      const knownDevice =
        attempt.device !== undefined && (await store.marked(keys.knownDevice(attempt.device)))
          ? attempt.device
          : undefined;
      if (knownDevice) {
        const counter = keys.device(knownDevice);
        const mine = await store.read(counter);
        if (mine.count >= LOGIN_THROTTLE.perAccountAndDevice)
          throw refusal(LOGIN_THROTTLE_MESSAGES.device, mine.ttlMs);
        return {
          failed: async () => void (await count(counter)),
          succeeded: (device) => remember(attempt, counter, device),
        };
      }
      const counter = keys.pair(attempt.ip);
      const fromHere = await store.read(counter);
      if (fromHere.count >= LOGIN_THROTTLE.perAccountAndAddress)
        await refuseNewDevice(attempt.email, refusal(LOGIN_THROTTLE_MESSAGES.address, fromHere.ttlMs));
      const overall = await store.read(keys.all);
      if (overall.count >= LOGIN_THROTTLE.perAccount && !(await store.marked(keys.knownAddress(attempt.ip))))
        await refuseNewDevice(attempt.email, refusal(LOGIN_THROTTLE_MESSAGES.account, overall.ttlMs));
      return {
        failed: async () => void (await Promise.all([count(counter), count(keys.all)])),
        succeeded: (device) => remember(attempt, counter, device),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
