import { notifyError, notifySuccess } from '../../lib/toasts';

/** Clipboard write with the success / failure toasts of SPEC §8. */
export async function copyText(text: string, success: string, failure: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notifySuccess(success);
    return true;
  } catch {
    notifyError(failure);
    return false;
  }
}
