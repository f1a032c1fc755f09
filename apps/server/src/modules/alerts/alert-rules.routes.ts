import { ALERT_TEXTS } from '@goldroute/domain';
import {
  alertRuleCreateSchema,
  alertRuleParamsSchema,
  alertRuleResponseSchema,
  alertRulesResponseSchema,
  alertRuleUpdateSchema,
  messageResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schema';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import { requireToolAccess } from '../users/current-user';
import type { UserViews } from '../users/user-views';
import type { AlertRulesService } from './alert-rules.service';

export interface AlertRulesRoutesOptions {
  alerts: AlertRulesService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  views: UserViews;
}

/**
 * A user's route alert rules. Adding a rule or switching one on is for users with tool access (alerts are
 * the tools' routes); a user whose subscription ended still lists, switches off and deletes theirs.
 */
export const alertRulesRoutes: FastifyPluginAsyncZod<AlertRulesRoutesOptions> = async (app, o) => {
  const { alerts, requireAuth } = o;
  const withAccess = (userId: string) => requireToolAccess(o.views, userId);

  app.get(
    '/shared/users/alerts',
    { schema: { response: replies(alertRulesResponseSchema) }, preValidation: requireAuth },
    async (request) => alerts.list(authOf(request).userId),
  );

  app.post(
    '/shared/users/alerts',
    {
      schema: { body: alertRuleCreateSchema, response: replies(alertRuleResponseSchema, 201) },
      preValidation: requireAuth,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      await withAccess(userId);
      return reply.code(201).send({ rule: await alerts.create(userId, request.body) });
    },
  );

  app.patch(
    '/shared/users/alerts/:id',
    {
      schema: {
        params: alertRuleParamsSchema,
        body: alertRuleUpdateSchema,
        response: replies(alertRuleResponseSchema),
      },
      preValidation: requireAuth,
    },
    async (request) => {
      const { userId } = authOf(request);
      if (request.body.enabled !== false) await withAccess(userId);
      return { rule: await alerts.update(userId, request.params.id, request.body) };
    },
  );

  app.delete(
    '/shared/users/alerts/:id',
    {
      schema: { params: alertRuleParamsSchema, response: replies(messageResponseSchema) },
      preValidation: requireAuth,
    },
    async (request) => {
      await alerts.remove(authOf(request).userId, request.params.id);
      return { message: ALERT_TEXTS.deleted };
    },
  );
};
