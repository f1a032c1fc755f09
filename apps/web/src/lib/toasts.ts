// Toasts go through here so every screen uses the CSP-safe build (no injected <style>), and so one
// message is never stacked twice while it is still on screen (SPEC §2: at most 6 toasts at once).
// The id is the text itself: a different message always shows.
//
// The toast library arrives with the first toast, not with the first page: most visits to the landing
// page show none. Until it is here the app mounts no container; the library keeps a toast raised before
// its container mounts and shows it once it does.
import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify/unstyled';

let loading: Promise<typeof Toastify> | undefined;
let loaded: typeof Toastify | null = null;
const listeners = new Set<() => void>();

function loadToastify(): Promise<typeof Toastify> {
  loading ??= import('react-toastify/unstyled').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

// Unit tests look for a toast right after the action that raised it, as with one bundle: have the library
// at hand. The build drops this branch.
if (import.meta.env.MODE === 'test') await loadToastify();

function withToastify(show: (toastify: typeof Toastify) => void): void {
  if (loaded) show(loaded);
  else void loadToastify().then(show);
}

/** The toast library once some toast asked for it (null before): the app mounts its container then. */
export function useToastify(): typeof Toastify | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
  );
}

export function notifyError(message: string): void {
  withToastify(({ toast }) => toast.error(message, { toastId: `error:${message}` }));
}

export function notifySuccess(message: string): void {
  withToastify(({ toast }) => toast.success(message, { toastId: `success:${message}` }));
}
