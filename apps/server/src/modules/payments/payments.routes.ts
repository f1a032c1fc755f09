import {
  cancelSubscriptionRequestSchema,
  changeSubscriptionRequestSchema,
  checkoutRequestSchema,
  resumeSubscriptionRequestSchema,
  syncCheckoutRequestSchema,
} from '@goldroute/domain/api';
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../lib/parse';
import { HttpError } from '../../lib/http-error';
import { byIp, type RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard, type createOptionalAuth } from '../sessions/auth-guard';
import type { PaymentsService } from './payments.service';
import type { ProviderEvent } from './payment-provider';
import { WebhookSignatureError } from './stripe-provider';

const MINUTE = 60_000;

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  optionalAuth: ReturnType<typeof createOptionalAuth>;
  requireAdmin: preHandlerAsyncHookHandler;
  limiter: RateLimiter;
  /** Stripe only: verifies and reduces a webhook. */
  parseWebhook?: ((rawBody: Buffer, signature: string | undefined) => ProviderEvent) | undefined;
  /** The caller's current plan (price id) as kept for the profile (users/user-views.ts, 5 s). */
  currentPriceOf?: ((userId: string) => Promise<string | undefined>) | undefined;
  /** Demo only: the admin/test switch that makes a user's next renewal payment fail. */
  failNextPayment?: ((userId: string) => Promise<boolean>) | undefined;
  /** Demo only: lets this browser alone open and pay the checkout it is sent to (demo/checkout-owner.ts). */
  bindCheckout?: ((reply: FastifyReply, paymentSessionUrl: string) => void) | undefined;
}

/** Every /shared/payments call of SPEC §7, plus the provider's webhook. */
export async function paymentsRoutes(app: FastifyInstance, o: PaymentsRoutesOptions): Promise<void> {
  const { payments, requireAuth } = o;
  const perIp = (name: string, max: number) => o.limiter.limit(`${name}-ip`, max, 15 * MINUTE, byIp);

  app.get('/shared/payments/prices', async (request) => ({
    data: await payments.visiblePrices((await o.optionalAuth(request))?.userId ?? null, o.currentPriceOf),
  }));

  app.post(
    '/shared/payments/checkout',
    { preHandler: [requireAuth, perIp('checkout', 30)] },
    async (request, reply) => {
      const { priceId } = parseOr400(checkoutRequestSchema, request.body);
      const started = await payments.checkout(authOf(request).userId, priceId);
      o.bindCheckout?.(reply, started.paymentSessionUrl);
      return started;
    },
  );

  app.post(
    '/shared/payments/change-subscription',
    { preHandler: [requireAuth, perIp('change-subscription', 30)] },
    async (request) =>
      payments.changeSubscription(
        authOf(request).userId,
        parseOr400(changeSubscriptionRequestSchema, request.body).newPriceId,
      ),
  );

  app.post(
    '/shared/payments/cancel-subscription',
    { preHandler: [requireAuth, perIp('cancel-subscription', 30)] },
    async (request) => {
      parseOr400(cancelSubscriptionRequestSchema, request.body);
      return payments.cancelSubscription(authOf(request).userId);
    },
  );

  app.post(
    '/shared/payments/resume-subscription',
    { preHandler: [requireAuth, perIp('resume-subscription', 30)] },
    async (request) => {
      parseOr400(resumeSubscriptionRequestSchema, request.body);
      return payments.resumeSubscription(authOf(request).userId);
    },
  );

  app.post(
    '/shared/payments/sync-checkout',
    { preHandler: [requireAuth, perIp('sync-checkout', 60)] },
    async (request) =>
      payments.syncCheckout(
        authOf(request).userId,
        parseOr400(syncCheckoutRequestSchema, request.body).sessionId,
      ),
  );

  const { parseWebhook, failNextPayment } = o;
  if (parseWebhook) {
    // The signature covers the exact bytes Stripe sent, so this one route keeps the body raw.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/shared/payments/webhook', async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ProviderEvent;
        try {
          event = parseWebhook(raw, request.headers['stripe-signature'] as string | undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            request.log.warn({ event: 'webhook-signature' }, 'payments: webhook refused: %s', err.message);
            throw new HttpError(400, err.message);
          }
          throw err;
        }
        const outcome = await payments.handleEvent(event);
        request.log.info({ event: event.id, type: event.type, outcome }, 'payment webhook');
        return { received: true };
      });
    });
  }

  if (failNextPayment) {
    app.post(
      '/shared/payments/demo/fail-next-payment',
      { preHandler: [requireAuth, o.requireAdmin] },
      async (request) => {
        const { userId } = parseOr400(z.object({ userId: z.uuid() }), request.body);
        if (!(await failNextPayment(userId)))
          throw new HttpError(404, 'This user has no demo subscription to renew');
        return { message: 'The next renewal payment of this subscription will fail' };
      },
    );
  }
}
