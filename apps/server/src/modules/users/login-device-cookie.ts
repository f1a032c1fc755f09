import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { newSecureToken } from '../../lib/secure-token';
import { LOGIN_THROTTLE } from './login-throttle';

/**
 * A random value per browser, set on every successful login and by an opened unlock link: what makes a
 * device known to the login throttle when its address is shared. Only its digest is ever stored.
 */
export const DEVICE_COOKIE = 'goldroute_device';

// The shape newSecureToken makes; anything else is treated as no cookie (and replaced at the next login).
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The device cookie the request carries, if it is one we could have set. */
export function deviceOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  return value && DEVICE_PATTERN.test(value) ? value : undefined;
}

/** The device cookie to answer with: the one carried, or a new one. */
export const deviceOrNew = (request: FastifyRequest): string => deviceOf(request) ?? newSecureToken();

/** Sets (or renews for another 90 days) the device cookie, in the style of the remember-me cookie. */
export function setDeviceCookie(
  reply: FastifyReply,
  device: string,
  options: { secure: boolean; clock: Clock },
): void {
  void reply.setCookie(DEVICE_COOKIE, device, {
    httpOnly: true,
    secure: options.secure,
    sameSite: 'lax',
    path: '/shared/users',
    expires: new Date(options.clock.now().getTime() + LOGIN_THROTTLE.knownForMs),
  });
}
