import type {} from '@fastify/cookie';
import { ACCESS } from '@goldroute/domain';
import {
  confirmParamsSchema,
  favoritesRequestSchema,
  forgotPasswordRequestSchema,
  linkDiscordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  settingsPersonalRequestSchema,
  settingsRequestSchema,
  type ResetLinkCheckResponse,
  type User,
} from '@goldroute/domain/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { isPlainlyLocalRequest } from '../../lib/local-only';
import { parseOr400 } from '../../lib/parse';
import { emailDigest } from '../../lib/secure-token';
import { HttpError } from '../../lib/http-error';
import { byBodyField, byIp, byParam, type RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { AccessTokens } from '../sessions/access-token';
import type { SessionService } from '../sessions/sessions.service';
import type { AccountsService } from './accounts.service';
import type { DiscordLinkService } from './discord-link.service';
import { deviceOf, deviceOrNew, setDeviceCookie } from './login-device-cookie';
import type { LoginThrottle, ThrottledLogin } from './login-throttle';
import { SETTINGS_SAVED, type SettingsService } from './settings.service';
import type { UserViews } from './user-views';
import type { Db } from '../../db/client';

/** A stable, non-reversible name for an account in log lines (the e-mail itself is never logged). */
const accountKey = (email: string): string => emailDigest(email).slice(0, 16);

export const REMEMBER_COOKIE = 'goldroute_remember';
const MINUTE = 60_000;

export interface UsersRoutesOptions {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  settings: SettingsService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  secureCookies: boolean;
  discordLink: DiscordLinkService;
  views: UserViews;
  /** Wrong-password throttling per account and device or address (off with the rate limits). */
  loginThrottle?: LoginThrottle | undefined;
}

/** Every /shared/users call of SPEC §7. */
export async function usersRoutes(app: FastifyInstance, o: UsersRoutesOptions): Promise<void> {
  const { accounts, settings, sessions, limiter, requireAuth } = o;
  const ip = (name: string, max: number, windowMs: number) =>
    limiter.limit(`${name}-ip`, max, windowMs, byIp);

  /** The user's view as it is now (after a change, or to answer with it); kept for the profile call. */
  async function currentUser(userId: string): Promise<User> {
    const user = await o.views.fresh(userId);
    if (!user) throw new HttpError(401, 'Authentication failed');
    return user;
  }

  function setRememberCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
    void reply.setCookie(REMEMBER_COOKIE, token, {
      httpOnly: true,
      secure: o.secureCookies,
      sameSite: 'lax',
      path: '/shared/users',
      expires: expiresAt,
    });
  }
  const clearRememberCookie = (reply: FastifyReply) =>
    void reply.clearCookie(REMEMBER_COOKIE, {
      path: '/shared/users',
      httpOnly: true,
      secure: o.secureCookies,
      sameSite: 'lax',
    });

  async function sessionResponse(userId: string, rememberMe: boolean, endsBy?: Date) {
    const session = await sessions.issue(userId, rememberMe, endsBy);
    return { ...session, user: await currentUser(userId) };
  }

  app.post(
    '/shared/users/register',
    {
      preHandler: [
        ip('register', 10, 60 * MINUTE),
        limiter.limit('register-acct', 5, 60 * MINUTE, byBodyField('email')),
      ],
    },
    async (request, reply) => {
      const body = parseOr400(registerRequestSchema, request.body);
      return reply.status(201).send(await accounts.register(body.email, body.password));
    },
  );

  app.get(
    '/shared/users/confirm/:confirmationToken',
    {
      preHandler: [
        ip('confirm', 30, 15 * MINUTE),
        limiter.limit('confirm-token', 10, 15 * MINUTE, byParam('confirmationToken')),
      ],
    },
    async (request) => accounts.confirm(parseOr400(confirmParamsSchema, request.params).confirmationToken),
  );

  app.post('/shared/users/login', { preHandler: [ip('login', 30, 15 * MINUTE)] }, async (request, reply) => {
    const body = parseOr400(loginRequestSchema, request.body);
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
      userId = await accounts.authenticate(body.email, body.password, {
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
      setRememberCookie(reply, remember.token, remember.expiresAt);
    }
    setDeviceCookie(reply, device, { secure: o.secureCookies, clock: o.clock });
    return sessionResponse(userId, body.rememberMe);
  });

  app.post(
    '/shared/users/login-remember-me',
    { preHandler: [ip('remember', 120, 15 * MINUTE)] },
    async (request, reply) => {
      const token = request.cookies[REMEMBER_COOKIE];
      // Every visitor's first page load asks; without a cookie there is simply nothing to restore.
      if (!token) return reply.status(204).send();
      const remembered = await sessions.consumeRememberToken(token);
      if (!remembered) {
        clearRememberCookie(reply);
        throw new HttpError(401, 'No remembered login on this device');
      }
      // Rotated on every use; the 30-day limit counts from the original login.
      const next = await sessions.issueRememberToken(remembered.userId, remembered.expiresAt);
      setRememberCookie(reply, next.token, next.expiresAt);
      return sessionResponse(remembered.userId, true, remembered.expiresAt);
    },
  );

  app.post(
    '/shared/users/refresh-token',
    {
      preHandler: [
        ip('refresh', 120, 15 * MINUTE),
        limiter.limit('refresh-token', 10, MINUTE, byBodyField('refreshToken')),
      ],
    },
    async (request) => {
      const body = parseOr400(refreshTokenRequestSchema, request.body);
      const outcome = await sessions.refresh(body.refreshToken);
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

  app.get('/shared/users/login-with-token', { preHandler: requireAuth }, async (request) => {
    const auth = authOf(request);
    return { user: await currentUser(auth.userId), accessToken: await o.accessTokens.sign(auth) };
  });

  app.post('/shared/users/logout', { preHandler: requireAuth }, async (request, reply) => {
    const auth = authOf(request);
    const body = parseOr400(logoutRequestSchema, request.body);
    if (body.allDevices) await sessions.revokeAllForUser(auth.userId, 'logout on all devices');
    else await sessions.revokeOwn(auth.userId, body.tokenId, 'logout');
    const token = request.cookies[REMEMBER_COOKIE];
    if (token) await sessions.dropRememberToken(token);
    clearRememberCookie(reply);
    return { message: 'Logged out successfully' };
  });

  app.post(
    '/shared/users/forgot-password',
    {
      preHandler: [
        ip('forgot', 10, 60 * MINUTE),
        limiter.limit('forgot-acct', 3, 60 * MINUTE, byBodyField('email')),
      ],
    },
    async (request) => accounts.forgotPassword(parseOr400(forgotPasswordRequestSchema, request.body).email),
  );

  // The reset page asks on opening. Limited like the confirm call (a read, not a spend), with counters of
  // its own so checking a link never uses up the tries of the reset itself.
  app.get(
    '/shared/users/reset-password/:resetToken',
    {
      preHandler: [
        ip('reset-check', 30, 15 * MINUTE),
        limiter.limit('reset-check-token', 10, 15 * MINUTE, byParam('resetToken')),
      ],
    },
    async (request): Promise<ResetLinkCheckResponse> => {
      const { resetToken } = parseOr400(resetPasswordParamsSchema, request.params);
      return { valid: await accounts.resetLinkValid(resetToken) };
    },
  );

  app.post(
    '/shared/users/reset-password/:resetToken',
    {
      preHandler: [
        ip('reset', 20, 60 * MINUTE),
        limiter.limit('reset-token', 5, 15 * MINUTE, byParam('resetToken')),
      ],
    },
    async (request) => {
      const { resetToken } = parseOr400(resetPasswordParamsSchema, request.params);
      const body = parseOr400(resetPasswordRequestSchema, request.body);
      return accounts.resetPassword(resetToken, body.newPassword);
    },
  );

  app.get('/shared/users/discord/availability', { preHandler: requireAuth }, async () =>
    o.discordLink.availability(),
  );

  app.get('/shared/users/discord/authorize-url', { preHandler: requireAuth }, async (request) => ({
    url: await o.discordLink.authorizeUrl(authOf(request).userId),
  }));

  app.post(
    '/shared/users/link-discord',
    { preHandler: [requireAuth, ip('link-discord', 20, 15 * MINUTE)] },
    async (request) => {
      const { userId } = authOf(request);
      const body = parseOr400(linkDiscordRequestSchema, request.body);
      await o.discordLink.link(userId, body.code, body.state);
      return { user: await currentUser(userId) };
    },
  );

  // Loaded by every screen: the view kept from the last few seconds (user-views.ts says how fresh).
  app.get('/shared/users/profile', { preHandler: requireAuth }, async (request) => {
    const user = await o.views.cached(authOf(request).userId);
    if (!user) throw new HttpError(401, 'Authentication failed');
    return { user };
  });

  app.put('/shared/users/settings', { preHandler: requireAuth }, async (request) => {
    const { userId } = authOf(request);
    await settings.saveSettings(userId, parseOr400(settingsRequestSchema, request.body));
    return { user: await currentUser(userId), message: SETTINGS_SAVED };
  });

  app.put('/shared/users/settings-personal', { preHandler: requireAuth }, async (request) => {
    const { userId } = authOf(request);
    await settings.savePersonalConfig(userId, parseOr400(settingsPersonalRequestSchema, request.body).config);
    return { user: await currentUser(userId) };
  });

  app.post('/shared/users/favorites', { preHandler: requireAuth }, async (request: FastifyRequest) => {
    const { userId } = authOf(request);
    const body = parseOr400(favoritesRequestSchema, request.body);
    const user = await currentUser(userId);
    if (!user.hasAccess) throw new HttpError(403, ACCESS.noSubscription);
    await settings.updateFavorite(userId, body);
    return { data: { favorites: (await currentUser(userId)).favorites } };
  });
}
