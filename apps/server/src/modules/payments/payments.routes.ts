import {
  cancelSubscriptionRequestSchema,
  cancelSubscriptionResponseSchema,
  changeSubscriptionRequestSchema,
  changeSubscriptionResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  failNextPaymentRequestSchema,
  messageResponseSchema,
  pricesResponseSchema,
  resumeSubscriptionRequestSchema,
  resumeSubscriptionResponseSchema,
  syncCheckoutRequestSchema,
  syncCheckoutResponseSchema,
  webhookResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { replies } from '../../lib/route-schema';
import { limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard, type createOptionalAuth } from '../sessions/auth-guard';
import type { ProviderEvent } from './payment-provider';
import type { PaymentsService } from './payments.service';
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
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, o) => {
  const { payments, requireAuth } = o;
  const signedIn = (name: string, max: number) => [
    requireAuth,
    limitPerIp(o.limiter, name, max, 15 * MINUTE),
  ];

  app.get(
    '/shared/payments/prices',
    { schema: { response: replies(pricesResponseSchema) } },
    async (request) => ({
      data: await payments.visiblePrices((await o.optionalAuth(request))?.userId ?? null, o.currentPriceOf),
    }),
  );

  app.post(
    '/shared/payments/checkout',
    {
      schema: { body: checkoutRequestSchema, response: replies(checkoutResponseSchema) },
      preValidation: signedIn('checkout', 30),
    },
    async (request, reply) => {
      const started = await payments.checkout(authOf(request).userId, request.body.priceId);
      o.bindCheckout?.(reply, started.paymentSessionUrl);
      return started;
    },
  );

  app.post(
    '/shared/payments/change-subscription',
    {
      schema: {
        body: changeSubscriptionRequestSchema,
        response: replies(changeSubscriptionResponseSchema),
      },
      preValidation: signedIn('change-subscription', 30),
    },
    async (request) =>
      payments.changeSubscription(
        authOf(request).userId,
        request.body.newPriceId,
        request.body.prorationDate,
      ),
  );

  app.post(
    '/shared/payments/cancel-subscription',
    {
      schema: {
        body: cancelSubscriptionRequestSchema,
        response: replies(cancelSubscriptionResponseSchema),
      },
      preValidation: signedIn('cancel-subscription', 30),
    },
    async (request) => payments.cancelSubscription(authOf(request).userId),
  );

  app.post(
    '/shared/payments/resume-subscription',
    {
      schema: {
        body: resumeSubscriptionRequestSchema,
        response: replies(resumeSubscriptionResponseSchema),
      },
      preValidation: signedIn('resume-subscription', 30),
    },
    async (request) => payments.resumeSubscription(authOf(request).userId),
  );

  app.post(
    '/shared/payments/sync-checkout',
    {
      schema: {
        body: syncCheckoutRequestSchema,
        response: replies(syncCheckoutResponseSchema),
      },
      preValidation: signedIn('sync-checkout', 60),
    },
    async (request) => payments.syncCheckout(authOf(request).userId, request.body.sessionId),
  );

  const { parseWebhook, failNextPayment } = o;
  if (parseWebhook) {
    // The signature covers the exact bytes Stripe sent, so this one route keeps the body raw (no body schema).
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(
        '/shared/payments/webhook',
        { schema: { response: replies(webhookResponseSchema) } },
        async (request) => {
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
          return { received: true as const };
        },
      );
    });
  }

  if (failNextPayment) {
    app.post(
      '/shared/payments/demo/fail-next-payment',
      {
        schema: {
          body: failNextPaymentRequestSchema,
          response: replies(messageResponseSchema),
        },
        preValidation: [requireAuth, o.requireAdmin],
      },
      async (request) => {
        if (!(await failNextPayment(request.body.userId)))
          throw new HttpError(404, 'This user has no demo subscription to renew');
        return { message: 'The next renewal payment of this subscription will fail' };
      },
    );
  }
};
