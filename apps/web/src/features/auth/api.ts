import type {
  ConfirmResponse,
  ForgotPasswordResponse,
  RegisterResponse,
  ResetPasswordResponse,
} from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

// The public account calls of SPEC §7 (login, logout and the session calls live in lib/session.ts).

export function registerAccount(body: { email: string; password: string }): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/shared/users/register', { method: 'POST', body });
}

export function requestPasswordReset(email: string): Promise<ForgotPasswordResponse> {
  return apiRequest<ForgotPasswordResponse>('/shared/users/forgot-password', {
    method: 'POST',
    body: { email },
  });
}

export function resetPassword(resetToken: string, newPassword: string): Promise<ResetPasswordResponse> {
  return apiRequest<ResetPasswordResponse>(`/shared/users/reset-password/${encodeURIComponent(resetToken)}`, {
    method: 'POST',
    body: { newPassword },
  });
}

export function confirmEmail(confirmationToken: string): Promise<ConfirmResponse> {
  return apiRequest<ConfirmResponse>(`/shared/users/confirm/${encodeURIComponent(confirmationToken)}`);
}

/**
 * A confirmation token works once, so the call must run exactly once per token: one cache entry that
 * never goes stale, is never retried and never refetched (StrictMode's second mount and any later
 * remount read the cached answer instead of spending the token again).
 */
export const confirmEmailQueryOptions = (confirmationToken: string) =>
  queryOptions({
    queryKey: ['users', 'confirm', confirmationToken],
    queryFn: () => confirmEmail(confirmationToken),
    retry: false,
    retryOnMount: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
