import {
  resetLinkCheckResponseSchema,
  type ConfirmResponse,
  type ForgotPasswordResponse,
  type RegisterResponse,
  type ResetPasswordResponse,
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

const resetPasswordPath = (resetToken: string) =>
  `/shared/users/reset-password/${encodeURIComponent(resetToken)}`;

export function resetPassword(resetToken: string, newPassword: string): Promise<ResetPasswordResponse> {
  return apiRequest<ResetPasswordResponse>(resetPasswordPath(resetToken), {
    method: 'POST',
    body: { newPassword },
  });
}

/** GET on the reset path: whether the link still works, without spending it. */
export async function checkResetLink(resetToken: string): Promise<boolean> {
  const answer = await apiRequest<unknown>(resetPasswordPath(resetToken));
  return resetLinkCheckResponseSchema.parse(answer).valid;
}

/**
 * The check runs on every opening of the page (never stale: a link used a minute ago is spent now), and
 * is not retried, so a failed check shows the form at once rather than keep the user waiting.
 */
export const resetLinkQueryOptions = (resetToken: string) =>
  queryOptions({
    queryKey: ['users', 'reset-link', resetToken],
    queryFn: () => checkResetLink(resetToken),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

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
