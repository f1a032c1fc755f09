import { ACCESS } from '@goldroute/domain';

/** SPEC §4: what a non-admin sees on an admin page. */
export function AccessDenied() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-5 py-24 text-center">
      <div
        role="alert"
        className="w-full rounded-3xl border border-red-400/20 bg-red-500/5 p-8 shadow-xl shadow-black/30"
      >
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-red-500/10 ring-1 ring-red-400/30">
          <svg viewBox="0 0 24 24" className="size-6 text-red-300" fill="none" aria-hidden="true">
            <path
              d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 className="text-2xl font-bold text-white">{ACCESS.accessDenied}</h1>
        <p className="mt-3 text-slate-400">{ACCESS.adminOnly}</p>
      </div>
    </main>
  );
}
