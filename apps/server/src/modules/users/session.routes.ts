import type {} from '@fastify/cookie';
import {
  loginRememberMeResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginWithTokenResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { isPlainlyLocalRequest } from '../../lib/local-only';
import { replies } from '../../lib/route-schema';
import { emailDigest } from '../../lib/secure-token';
import { byBodyField, limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import type { AccessTokens } from '../sessions/access-token';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { SessionService } from '../sessions/sessions.service';
import type { AccountsService } from './accounts.service';
import { currentUser } from './current-user';
import { deviceOf, deviceOrNew, setDeviceCookie } from './login-device-cookie';
import type { LoginThrottle, ThrottledLogin } from './login-throttle';
import { clearRememberCookie, REMEMBER_COOKIE, setRememberCookie } from './remember-cookie';
import type { UserViews } from './user-views';

const MINUTE = 60_000;

/** A stable, non-reversible name for an account in log lines (the e-mail itself is never logged). */
const accountKey = (email: string): string => emailDigest(email).slice(0, 16);

export interface SessionRoutesOptions {
  clock: Clock;
  accounts: AccountsService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  secureCookies: boolean;
  views: UserViews;
  /** Wrong-password throttling per account and device or address (off with the rate limits). */
  loginThrottle?: LoginThrottle | undefined;
}

/** Session calls of SPEC §7: login (by password or remembered device), refresh, token check, logout. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, o) => {
  const { sessions, limiter, requireAuth } = o;

  async function sessionResponse(userId: string, rememberMe: boolean, endsBy?: Date) {
    const session = await sessions.issue(userId, rememberMe, endsBy);
    return { ...session, user: await currentUser(o.views, userId) };
  }

  app.post(
    '/shared/users/login',
    {
      schema: { body: loginRequestSchema, response: replies(loginResponseSchema) },
      preValidation: [limitPerIp(limiter, 'login', 30, 15 * MINUTE)],
    },
    async (request, reply) => {
      const body = request.body;
      // The security trail names the account by a digest, so a log reader cannot collect e-mail addresses.
      const account = accountKey(body.email);
      let throttled: ThrottledLogin | undefined;
      try {
        // Before any hashing: a device (or address, for a device the account does not know) that must wait.
        const attempt = { email: body.email, ip: request.ip, device: deviceOf(request) };
        throttled = await o.loginThrottle?.begin(attempt);
      } catch (err) {
        request.log.warn({ event: 'login-throttled', account }, 'auth: login refused by the throttle');
        throw err;
      }
      let userId: string;
      try {
        userId = await o.accounts.authenticate(body.email, body.password, {
          plainlyLocal: isPlainlyLocalRequest(request),
        });
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) {
          await throttled?.failed();
          request.log.info({ event: 'login-failed', account }, 'auth: login failed');
        }
        throw err;
      }
      const device = deviceOrNew(request);
      await throttled?.succeeded(device);
      request.log.info({ event: 'login', account, user: userId }, 'auth: login succeeded');
      if (body.rememberMe) {
        const remember = await sessions.issueRememberToken(userId);
        setRememberCookie(reply, remember.token, remember.expiresAt, o.secureCookies);
      }
      setDeviceCookie(reply, device, { secure: o.secureCookies, clock: o.clock });
      return sessionResponse(userId, body.rememberMe);
    },
  );

  app.post(
    '/shared/users/login-remember-me',
    {
      schema: {
        response: { ...replies(loginRememberMeResponseSchema), 204: z.undefined() },
      },
      preValidation: [limitPerIp(limiter, 'remember', 120, 15 * MINUTE)],
    },
    async (request, reply) => {
      const token = request.cookies[REMEMBER_COOKIE];
      // Every visitor's first page load asks; without a cookie there is simply nothing to restore.
      if (!token) return reply.status(204).send();
      const remembered = await sessions.consumeRememberToken(token);
      if (!remembered) {
        clearRememberCookie(reply, o.secureCookies);
        throw new HttpError(401, 'No remembered login on this device');
      }
      // Rotated on every use; the 30-day limit counts from the original login.
      const next = await sessions.issueRememberToken(remembered.userId, remembered.expiresAt);
      setRememberCookie(reply, next.token, next.expiresAt, o.secureCookies);
      return sessionResponse(remembered.userId, true, remembered.expiresAt);
    },
  );

  app.post(
    '/shared/users/refresh-token',
    {
      schema: {
        body: refreshTokenRequestSchema,
        response: replies(refreshTokenResponseSchema),
      },
      preValidation: [
        limitPerIp(limiter, 'refresh', 120, 15 * MINUTE),
        limiter.limit('refresh-token', 10, MINUTE, byBodyField('refreshToken')),
      ],
    },
    async (request) => {
      const outcome = await sessions.refresh(request.body.refreshToken);
      if (!outcome.ok && outcome.reason === 'reused')
        // A spent token presented again: stolen, or a client that lost a race. The whole session ended.
        request.log.warn({ event: 'refresh-reused' }, 'auth: refresh token reused; session revoked');
      if (!outcome.ok) {
        throw new HttpError(401, 'Refresh token expired or revoked. Please log in again.', {
          code: 'REFRESH_TOKEN_EXPIRED',
        });
      }
      return outcome.session;
    },
  );

  app.get(
    '/shared/users/login-with-token',
    {
      schema: { response: replies(loginWithTokenResponseSchema) },
      preValidation: requireAuth,
    },
    async (request) => {
      const auth = authOf(request);
      return { user: await currentUser(o.views, auth.userId), accessToken: await o.accessTokens.sign(auth) };
    },
  );

  app.post(
    '/shared/users/logout',
    {
      schema: { body: logoutRequestSchema, response: replies(logoutResponseSchema) },
      preValidation: requireAuth,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      if (body.allDevices) await sessions.revokeAllForUser(auth.userId, 'logout on all devices');
      else await sessions.revokeOwn(auth.userId, body.tokenId, 'logout');
      const token = request.cookies[REMEMBER_COOKIE];
      if (token) await sessions.dropRememberToken(token);
      clearRememberCookie(reply, o.secureCookies);
      return { message: 'Logged out successfully' };
    },
  );
};
