import {
  confirmParamsSchema,
  confirmResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetLinkCheckResponseSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
} from '@goldroute/domain/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../lib/route-schema';
import { byBodyField, byParam, limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import type { AccountsService } from './accounts.service';
import { deviceOf } from './login-device-cookie';
import type { LoginThrottle } from './login-throttle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Counter = readonly [max: number, windowMs: number];

/**
 * Each call's two counters: per address, and per account or link (`own`, keyed by the e-mail or token). The
 * reset page's check of a link counts apart from the reset itself, so checking never uses up its tries.
 */
const CALL_LIMITS = {
  register: { perIp: [10, HOUR], own: ['register-acct', [5, HOUR], byBodyField('email')] },
  confirm: {
    perIp: [30, 15 * MINUTE],
    own: ['confirm-token', [10, 15 * MINUTE], byParam('confirmationToken')],
  },
  forgot: { perIp: [10, HOUR], own: ['forgot-acct', [3, HOUR], byBodyField('email')] },
  'reset-check': {
    perIp: [30, 15 * MINUTE],
    own: ['reset-check-token', [10, 15 * MINUTE], byParam('resetToken')],
  },
  reset: { perIp: [20, HOUR], own: ['reset-token', [5, 15 * MINUTE], byParam('resetToken')] },
} satisfies Record<
  string,
  { perIp: Counter; own: readonly [name: string, counter: Counter, key: (request: FastifyRequest) => string] }
>;

export interface AccountRoutesOptions {
  accounts: AccountsService;
  limiter: RateLimiter;
  /** Told of a password reset, so the device that made it is not kept waiting (off with the rate limits). */
  loginThrottle?: LoginThrottle | undefined;
}

/** Account calls of SPEC §7: register, confirm the address, and the forgotten-password reset. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, o) => {
  const { accounts, limiter } = o;
  const limits = (call: keyof typeof CALL_LIMITS) => {
    const { perIp, own } = CALL_LIMITS[call];
    const [name, [max, windowMs], key] = own;
    return [limitPerIp(limiter, call, ...perIp), limiter.limit(name, max, windowMs, key)];
  };

  app.post(
    '/shared/users/register',
    {
      schema: { body: registerRequestSchema, response: replies(registerResponseSchema, 201) },
      preValidation: limits('register'),
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.register(request.body.email, request.body.password)),
  );

  app.get(
    '/shared/users/confirm/:confirmationToken',
    {
      schema: { params: confirmParamsSchema, response: replies(confirmResponseSchema) },
      preValidation: limits('confirm'),
    },
    async (request) => accounts.confirm(request.params.confirmationToken),
  );

  app.post(
    '/shared/users/forgot-password',
    {
      schema: { body: forgotPasswordRequestSchema, response: replies(forgotPasswordResponseSchema) },
      preValidation: limits('forgot'),
    },
    async (request) => accounts.forgotPassword(request.body.email),
  );

  // The reset page asks on opening, to say at once whether its link still works (without spending it).
  app.get(
    '/shared/users/reset-password/:resetToken',
    {
      schema: { params: resetPasswordParamsSchema, response: replies(resetLinkCheckResponseSchema) },
      preValidation: limits('reset-check'),
    },
    async (request) => ({ valid: await accounts.resetLinkValid(request.params.resetToken) }),
  );

  app.post(
    '/shared/users/reset-password/:resetToken',
    {
      schema: {
        params: resetPasswordParamsSchema,
        body: resetPasswordRequestSchema,
        response: replies(resetPasswordResponseSchema),
      },
      preValidation: limits('reset'),
    },
    async (request) => {
      const { message, email } = await accounts.resetPassword(
        request.params.resetToken,
        request.body.newPassword,
      );
      await o.loginThrottle?.forgive({ email, ip: request.ip, device: deviceOf(request) });
      return { message };
    },
  );
};
