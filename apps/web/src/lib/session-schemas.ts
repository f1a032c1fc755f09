// The wire schemas of the session's answers. They bring zod with them, so the session loads this file
// only when it has an answer to check (see ./session.ts).
export {
  loginResponseSchema,
  loginWithTokenResponseSchema,
  refreshTokenResponseSchema,
} from '@goldroute/domain/api';
