// Toasts go through here so every screen uses the CSP-safe build (no injected <style>), and so one
// message is never stacked twice while it is still on screen (SPEC §2: at most 6 toasts at once).
// The id is the text itself: a different message always shows.
import { toast } from 'react-toastify/unstyled';

export function notifyError(message: string): void {
  toast.error(message, { toastId: `error:${message}` });
}

export function notifySuccess(message: string): void {
  toast.success(message, { toastId: `success:${message}` });
}
