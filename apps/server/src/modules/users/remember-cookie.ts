import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/** The remember-me credential: an http-only cookie sent only to the session calls. */
export const REMEMBER_COOKIE = 'goldroute_remember';

const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, secure, sameSite: 'lax', path: '/shared/users' }) as const;

export function setRememberCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
): void {
  void reply.setCookie(REMEMBER_COOKIE, token, { ...cookieOptions(secure), expires: expiresAt });
}

export function clearRememberCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(REMEMBER_COOKIE, cookieOptions(secure));
}
