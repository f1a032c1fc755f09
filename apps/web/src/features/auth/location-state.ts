import type { OriginLocation } from '../../shared/post-login';

/**
 * What may travel to /login in the location state: the guard's origin (SPEC §2), and the message plus
 * e-mail from registration or confirmation (SPEC §4).
 */
export interface LoginLocationState {
  from?: OriginLocation;
  message?: string;
  email?: string;
}

export function readLoginState(state: unknown): LoginLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const value = state as Record<string, unknown>;
  const from = value.from as OriginLocation | undefined;
  return {
    from: from && typeof from.pathname === 'string' ? from : undefined,
    message: typeof value.message === 'string' ? value.message : undefined,
    email: typeof value.email === 'string' ? value.email : undefined,
  };
}
