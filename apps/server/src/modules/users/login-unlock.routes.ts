import { unlockLoginRequestSchema, type UnlockLoginResponse } from '@goldroute/domain/api';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import { parseOr400 } from '../../lib/parse';
import { byBodyField, byIp, type RateLimiter } from '../../plugins/rate-limits';
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
export async function loginUnlockRoutes(app: FastifyInstance, o: LoginUnlockRoutesOptions): Promise<void> {
  app.post(
    '/shared/users/unlock-login',
    {
      preHandler: [
        o.limiter.limit('unlock-login-ip', 20, 60 * MINUTE, byIp),
        o.limiter.limit('unlock-login-token', 5, 15 * MINUTE, byBodyField('token')),
      ],
    },
    async (request, reply): Promise<UnlockLoginResponse> => {
      const { token } = parseOr400(unlockLoginRequestSchema, request.body);
      const device = deviceOrNew(request);
      const answer = await o.unlock.unlock(token, device);
      setDeviceCookie(reply, device, { secure: o.secureCookies, clock: o.clock });
      return answer;
    },
  );
}
