import { useQuery } from '@tanstack/react-query';
import { SpinnerStatus } from '../../components/loading-screen';
import { statusQueryOptions } from './api';
import { RegionStatusCard } from './region-status-card';

/**
 * /status (public): how fresh the market data is. Blizzard publishes each realm's auction dump about once an
 * hour; the figures say how long a new dump took to reach the open tools.
 */
export function StatusScreen() {
  const { data, isPending } = useQuery(statusQueryOptions());
  return (
    <main className="relative isolate flex-1 overflow-hidden px-4 pt-12 pb-20 sm:px-6 sm:pt-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_40%_at_50%_0%,rgb(245_196_81/0.11),transparent)]"
      />
      <div className="mx-auto w-full max-w-5xl">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-400 uppercase">Market data</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">Data status</h1>
        <p className="mt-3 max-w-2xl leading-relaxed text-slate-400">
          Blizzard publishes each realm&apos;s auction house data about once an hour. Here is how old the
          newest data is, and how soon after Blizzard published it the open tools showed it.
        </p>
        <div className="mt-8">
          {data ? (
            <div className="grid gap-6 md:grid-cols-2">
              {data.regions.map((region) => (
                <RegionStatusCard key={region.region} region={region} checkedAt={data.checkedAt} />
              ))}
            </div>
          ) : isPending ? (
            <SpinnerStatus className="justify-center py-24 text-slate-400" spinnerSize="size-6">
              Loading the data status...
            </SpinnerStatus>
          ) : (
            <p role="alert" className="py-16 text-center text-slate-400">
              The data status could not be loaded. Please try again in a minute.
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
