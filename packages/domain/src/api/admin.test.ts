import { describe, expect, it } from 'vitest';
import {
  addSubscriptionTimeParamsSchema,
  addSubscriptionTimeResponseSchema,
  adminStatsResponseSchema,
  getUsersResponseSchema,
} from './admin';

describe('admin calls (SPEC §7)', () => {
  it('"data (cacheData, timerData, subscriptionData) and status"', () => {
    const body = {
      data: {
        cacheData: { tsm: { '1': 120, '2': 80 }, bonus: { global: 1 } },
        timerData: { '1': { '11': 1700000000 } },
        subscriptionData: { active: { count: 3 }, 'in cancelation': { count: 1 }, no: { count: 9 } },
      },
      status: 'ok',
    };
    expect(adminStatsResponseSchema.parse(body)).toEqual(body);
  });

  it('"Admin user list item: userID, userEmail"', () => {
    const body = { data: [{ userID: 'u1', userEmail: 'a@b.cd' }] };
    expect(getUsersResponseSchema.parse(body)).toEqual(body);
  });

  it.each([
    [
      { userId: 'u1', type: 'basic', months: '1' },
      { userId: 'u1', type: 'basic', months: 1 },
    ],
    [
      { userId: 'u1', type: 'premium', months: '99' },
      { userId: 'u1', type: 'premium', months: 99 },
    ],
    [
      { userId: 'u1', type: 'basic', months: '24' },
      { userId: 'u1', type: 'basic', months: 24 },
    ],
  ])('add-subscription-time/{userId}/{type}/{months} parses %j', (params, parsed) => {
    expect(addSubscriptionTimeParamsSchema.parse(params)).toEqual(parsed);
  });

  it.each([
    [{ userId: 'u1', type: 'gold', months: '1' }, 'Invalid option: expected one of "basic"|"premium"'],
    [{ userId: 'u1', type: 'basic', months: '2' }, 'Unknown duration'],
    [{ userId: 'u1', type: 'basic', months: 'x' }, 'Invalid string: must match pattern /^\\d{1,3}$/'],
    [{ userId: '', type: 'basic', months: '1' }, 'Too small: expected string to have >=1 characters'],
  ])('refuses %j', (params, message) => {
    expect(addSubscriptionTimeParamsSchema.safeParse(params).error?.issues[0]?.message).toBe(message);
  });

  it('"ok, or message on error"', () => {
    expect(addSubscriptionTimeResponseSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(addSubscriptionTimeResponseSchema.parse({ ok: false, message: 'No such user' })).toEqual({
      ok: false,
      message: 'No such user',
    });
  });
});
