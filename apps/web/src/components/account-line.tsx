import { useLogOut } from '../shared/use-log-out';
import { useAuth } from '../lib/auth-store';

/**
 * "Signed in as <email> · Log out", for the signed-in pages under the logo-only header (SPEC §2), which
 * has no menu: without this line a user without a plan would have no way to sign out.
 */
export function AccountLine({ className = '' }: { className?: string }) {
  const { userData } = useAuth();
  const logOut = useLogOut();
  if (!userData) return null;
  return (
    <p className={`text-sm text-slate-400 ${className}`}>
      Signed in as <span className="font-medium break-all text-white">{userData.email}</span>{' '}
      <span aria-hidden="true" className="text-slate-600">
        ·
      </span>{' '}
      <button
        type="button"
        onClick={() => void logOut()}
        className="rounded-sm font-semibold text-gold-300 underline-offset-4 transition hover:text-gold-200 hover:underline"
      >
        Log out
      </button>
    </p>
  );
}
