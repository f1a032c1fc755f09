import {
  favoritesRequestSchema,
  favoritesResponseSchema,
  profileResponseSchema,
  settingsPersonalRequestSchema,
  settingsPersonalResponseSchema,
  settingsRequestSchema,
  settingsResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { replies } from '../../lib/route-schema';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import { currentUser, requireToolAccess } from './current-user';
import { SETTINGS_SAVED, type SettingsService } from './settings.service';
import type { UserViews } from './user-views';

export interface SettingsRoutesOptions {
  settings: SettingsService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  views: UserViews;
}

/** The signed-in user's own record (SPEC §7): the profile, region and realms, filter defaults, favorites. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, o) => {
  const { settings, requireAuth } = o;

  // Loaded by every screen: the view kept from the last few seconds (user-views.ts says how fresh).
  app.get(
    '/shared/users/profile',
    { schema: { response: replies(profileResponseSchema) }, preValidation: requireAuth },
    async (request) => {
      const user = await o.views.cached(authOf(request).userId);
      if (!user) throw new HttpError(401, 'Authentication failed');
      return { user };
    },
  );

  app.put(
    '/shared/users/settings',
    {
      schema: { body: settingsRequestSchema, response: replies(settingsResponseSchema) },
      preValidation: requireAuth,
    },
    async (request) => {
      const { userId } = authOf(request);
      await settings.saveSettings(userId, request.body);
      return { user: await currentUser(o.views, userId), message: SETTINGS_SAVED };
    },
  );

  app.put(
    '/shared/users/settings-personal',
    {
      schema: {
        body: settingsPersonalRequestSchema,
        response: replies(settingsPersonalResponseSchema),
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const { userId } = authOf(request);
      await settings.savePersonalConfig(userId, request.body.config);
      return { user: await currentUser(o.views, userId) };
    },
  );

  app.post(
    '/shared/users/favorites',
    {
      schema: { body: favoritesRequestSchema, response: replies(favoritesResponseSchema) },
      preValidation: requireAuth,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireToolAccess(o.views, userId);
      await settings.updateFavorite(userId, request.body);
      return { data: { favorites: (await currentUser(o.views, userId)).favorites } };
    },
  );
};
