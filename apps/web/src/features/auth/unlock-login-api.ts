import type { UnlockLoginResponse } from '@goldroute/domain/api';
import { apiRequest } from '../../lib/api-client';

/** Spends a mailed unlock link; the server makes this browser known for its account (by its device cookie). */
export function unlockLogin(token: string): Promise<UnlockLoginResponse> {
  return apiRequest<UnlockLoginResponse>('/shared/users/unlock-login', { method: 'POST', body: { token } });
}
