import { unlockLoginRequestSchema, unlockLoginResponseSchema } from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { replies } from '../../lib/route-schema';
import { byBodyField, limitPerIp, type RateLimiter } from '../../plugins/rate-limits';
import { deviceOrNew, setDeviceCookie } from './login-device-cookie';
import type { LoginUnlockService } from './login-unlock.service';

const MINUTE = 60_000;

export interface LoginUnlockRoutesOptions {
  unlock: LoginUnlockService;
  limiter: RateLimiter;
  clock: Clock;
  secureCookies: boolean;
}

/** POST /shared/users/unlock-login: the call behind the unlock page (/unlock-login/{token}) of the mailed link. */
export const loginUnlockRoutes: FastifyPluginAsyncZod<LoginUnlockRoutesOptions> = async (app, o) => {
  app.post(
    '/shared/users/unlock-login',
    {
      schema: {
        body: unlockLoginRequestSchema,
        response: replies(unlockLoginResponseSchema),
      },
      preValidation: [
        limitPerIp(o.limiter, 'unlock-login', 20, 60 * MINUTE),
        o.limiter.limit('unlock-login-token', 5, 15 * MINUTE, byBodyField('token')),
      ],
    },
    async (request, reply) => {
      const device = deviceOrNew(request);
      const answer = await o.unlock.unlock(request.body.token, device);
      setDeviceCookie(reply, device, { secure: o.secureCookies, clock: o.clock });
      return answer;
    },
  );
};
