import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorResponseSchema, messageResponseSchema, regionParamsSchema } from './common';

describe('wire basics', () => {
  it.each([
    [{ error: 'Session expired. Please log in again.', code: 'REFRESH_TOKEN_EXPIRED' }],
    [{ error: 'Authentication failed' }],
  ])('"{ error }" with an optional code: %j', (body) => {
    expect(errorResponseSchema.parse(body)).toEqual(body);
  });

  it('names the session codes the client reacts to', () => {
    expect(ERROR_CODES).toEqual({
      tokenExpired: 'TOKEN_EXPIRED',
      refreshTokenExpired: 'REFRESH_TOKEN_EXPIRED',
    });
  });

  it('messages carry a message', () => {
    expect(messageResponseSchema.safeParse({}).success).toBe(false);
  });

  it.each([
    ['us', true],
    ['eu', true],
    ['US', false],
    ['kr', false],
  ])('region param %j valid: %s', (region, ok) => {
    expect(regionParamsSchema.safeParse({ region }).success).toBe(ok);
  });
});
