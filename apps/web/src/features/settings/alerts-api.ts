// A user's route alert rules (GET/POST /shared/users/alerts, PATCH/DELETE /shared/users/alerts/{id}).
import type { ConfidenceLevel } from '@goldroute/domain';
import type { AlertRule, AlertRuleCreate } from '@goldroute/domain/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import type { Session } from '../../lib/session';
import { useSession } from '../../lib/use-session';

export const ALERTS_PATH = '/shared/users/alerts';
const alertsKey = ['alert-rules'] as const;

/** GET's answer (alertRulesResponseSchema). */
export interface AlertRules {
  rules: AlertRule[];
  /** Whether the user may choose direct messages: a bot is configured and their Discord account linked. */
  directMessages: boolean;
  /** Whether this server sends direct messages at all (a bot is configured). */
  directMessagesOnServer: boolean;
}

/** PATCH's body (alertRuleUpdateSchema). */
export interface AlertRuleChange {
  enabled?: boolean;
  minProfit?: number;
  minConfidence?: ConfidenceLevel;
}

export const alertRulesQueryOptions = (request: Session['request']) =>
  queryOptions({
    queryKey: alertsKey,
    queryFn: ({ signal }) => request<AlertRules>(ALERTS_PATH, { signal }),
    // A rule can be switched off by a delivery between visits: read again when the page opens.
    staleTime: 0,
  });

export function useAlertRules() {
  const { request } = useSession();
  return useQuery(alertRulesQueryOptions(request));
}

/**
 * Adds a rule. The server test-posts to its destination first, so this can take a few seconds, and a
 * refusal carries Discord's reason.
 */
export function useAddAlertRule() {
  const { request } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleCreate) =>
      request<{ rule: AlertRule }>(ALERTS_PATH, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** Switches a rule on or off (on: a new test post first) or changes its thresholds. */
export function useChangeAlertRule() {
  const { request } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AlertRuleChange }) =>
      request<{ rule: AlertRule }>(`${ALERTS_PATH}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlertRule() {
  const { request } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ message: string }>(`${ALERTS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** The server's own words for a refusal (Discord's reason, the limit), else a general line. */
export function alertErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverError ? error.serverError : fallback;
}
