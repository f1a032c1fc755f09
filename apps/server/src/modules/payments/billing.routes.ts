import {
  billingPortalRequestSchema,
  billingPortalResponseSchema,
  idParamsSchema,
  invoiceResponseSchema,
  invoicesResponseSchema,
  previewChangeRequestSchema,
  previewChangeResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schema';
import { limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { BillingService } from './billing.service';

const MINUTE = 60_000;

export interface BillingRoutesOptions {
  billing: BillingService;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  /** Demo only: lets this browser alone open the portal page it is sent to (demo/checkout-owner.ts). */
  bindPortal?: ((reply: FastifyReply, url: string) => void) | undefined;
}

/** The billing section's calls: invoices, a receipt, a change's price, and the provider's billing page. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, o) => {
  const { billing } = o;
  const signedIn = (name: string, max: number) => [
    o.requireAuth,
    limitPerIp(o.limiter, name, max, 15 * MINUTE),
  ];

  app.get(
    '/shared/payments/invoices',
    { schema: { response: replies(invoicesResponseSchema) }, preValidation: signedIn('invoices', 120) },
    async (request) => ({ data: await billing.invoices(authOf(request).userId) }),
  );

  app.get(
    '/shared/payments/invoices/:id',
    {
      schema: { params: idParamsSchema, response: replies(invoiceResponseSchema) },
      preValidation: signedIn('invoices', 120),
    },
    async (request) => billing.invoice(authOf(request).userId, request.params.id),
  );

  app.post(
    '/shared/payments/preview-change',
    {
      schema: { body: previewChangeRequestSchema, response: replies(previewChangeResponseSchema) },
      preValidation: signedIn('preview-change', 60),
    },
    async (request) => billing.previewChange(authOf(request).userId, request.body.newPriceId),
  );

  app.post(
    '/shared/payments/billing-portal',
    {
      schema: { body: billingPortalRequestSchema, response: replies(billingPortalResponseSchema) },
      preValidation: signedIn('billing-portal', 30),
    },
    async (request, reply) => {
      const portal = await billing.portal(authOf(request).userId);
      o.bindPortal?.(reply, portal.url);
      return portal;
    },
  );
};
