import {
  messageResponseSchema,
  presetCreateRequestSchema,
  presetParamsSchema,
  presetResponseSchema,
  presetsResponseSchema,
  presetUpdateRequestSchema,
} from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schema';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import { requireToolAccess } from '../users/current-user';
import type { UserViews } from '../users/user-views';
import type { PresetsService } from './presets.service';

export interface PresetsRoutesOptions {
  presets: PresetsService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  views: UserViews;
}

export const PRESET_DELETED = 'Preset deleted';

/**
 * A user's filter presets. Saving and renaming are for users with tool access, like favourites; a user
 * whose subscription ended still sees and deletes their own.
 */
export const presetsRoutes: FastifyPluginAsyncZod<PresetsRoutesOptions> = async (app, o) => {
  const { presets, requireAuth } = o;
  const withAccess = (userId: string) => requireToolAccess(o.views, userId);

  app.get(
    '/shared/users/presets',
    { schema: { response: replies(presetsResponseSchema) }, preValidation: requireAuth },
    async (request) => ({ presets: await presets.list(authOf(request).userId) }),
  );

  app.post(
    '/shared/users/presets',
    {
      schema: { body: presetCreateRequestSchema, response: replies(presetResponseSchema, 201) },
      preValidation: requireAuth,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      await withAccess(userId);
      return reply.code(201).send({ preset: await presets.create(userId, request.body) });
    },
  );

  app.patch(
    '/shared/users/presets/:id',
    {
      schema: {
        params: presetParamsSchema,
        body: presetUpdateRequestSchema,
        response: replies(presetResponseSchema),
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const { userId } = authOf(request);
      await withAccess(userId);
      return { preset: await presets.update(userId, request.params.id, request.body) };
    },
  );

  app.delete(
    '/shared/users/presets/:id',
    {
      schema: { params: presetParamsSchema, response: replies(messageResponseSchema) },
      preValidation: requireAuth,
    },
    async (request) => {
      await presets.remove(authOf(request).userId, request.params.id);
      return { message: PRESET_DELETED };
    },
  );
};
