// A user's filter presets (GET/POST/PATCH/DELETE /shared/users/presets), through the signed-in session:
// the tools save and apply them, route alert rules on /config-personal name the flipping ones.
import type { Preset, PresetTool } from '@goldroute/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/use-session';

export const PRESETS_PATH = '/shared/users/presets';
const presetsKey = ['presets'] as const;

/** The user's presets of one tool, by name. */
export function usePresets(tool: PresetTool) {
  const session = useSession();
  return useQuery({
    queryKey: presetsKey,
    queryFn: ({ signal }) => session.request<{ presets: Preset[] }>(PRESETS_PATH, { signal }),
    select: (data) => data.presets.filter((p) => p.tool === tool),
    staleTime: 60_000,
  });
}

export type PresetChange =
  | { kind: 'create'; tool: PresetTool; name: string; view: string }
  | { kind: 'update'; id: string; name?: string; view?: string }
  | { kind: 'delete'; id: string };

/** One mutation for the three changes: the list is read again after each. */
export function usePresetChange() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PresetChange) => {
      if (change.kind === 'create') {
        const { tool, name, view } = change;
        return session.request(PRESETS_PATH, { method: 'POST', body: { tool, name, view } });
      }
      const path = `${PRESETS_PATH}/${change.id}`;
      if (change.kind === 'delete') return session.request(path, { method: 'DELETE' });
      return session.request(path, { method: 'PATCH', body: { name: change.name, view: change.view } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: presetsKey }),
  });
}

/** The server's own words for a refused change (a name taken, the limit), else a general line. */
export function presetErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverError
    ? error.serverError
    : 'The preset could not be saved. Try again.';
}
