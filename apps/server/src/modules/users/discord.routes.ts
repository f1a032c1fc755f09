import {
  discordAuthorizeUrlResponseSchema,
  discordAvailabilityResponseSchema,
  linkDiscordRequestSchema,
  linkDiscordResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schema';
import { limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import { currentUser } from './current-user';
import type { DiscordLinkService } from './discord-link.service';
import type { UserViews } from './user-views';

const MINUTE = 60_000;

export interface DiscordRoutesOptions {
  discordLink: DiscordLinkService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  views: UserViews;
}

/** Linking a Discord account (SPEC §7's link-discord, and the two calls the settings page opens it with). */
export const discordRoutes: FastifyPluginAsyncZod<DiscordRoutesOptions> = async (app, o) => {
  app.get(
    '/shared/users/discord/availability',
    {
      schema: { response: replies(discordAvailabilityResponseSchema) },
      preValidation: o.requireAuth,
    },
    async () => o.discordLink.availability(),
  );

  app.get(
    '/shared/users/discord/authorize-url',
    {
      schema: { response: replies(discordAuthorizeUrlResponseSchema) },
      preValidation: o.requireAuth,
    },
    async (request) => ({ url: await o.discordLink.authorizeUrl(authOf(request).userId) }),
  );

  app.post(
    '/shared/users/link-discord',
    {
      schema: {
        body: linkDiscordRequestSchema,
        response: replies(linkDiscordResponseSchema),
      },
      preValidation: [o.requireAuth, limitPerIp(o.limiter, 'link-discord', 20, 15 * MINUTE)],
    },
    async (request) => {
      const { userId } = authOf(request);
      await o.discordLink.link(userId, request.body.code, request.body.state);
      return { user: await currentUser(o.views, userId) };
    },
  );
};
