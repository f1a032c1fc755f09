// The route screen of a data tool (SPEC §4 "Data screens", §6, §8): without access a toast and the
// subscription text; without saved realms for the region a pointer to /config (the data calls would
// answer 400); else loading, then the error component or the tool. No data call in the first two cases.
import { ACCESS, REGION_LABELS, type Region } from '@goldroute/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { useCurrentRegion } from '../../shared/use-current-region';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { hasSavedRealms } from '../../shared/realms';
import { TOOL_HEADINGS, ToolFrame, ToolHeading, type DataToolKey, type ToolHeadingProps } from './tool-page';

/** What the screen says when the region has no saved buying or selling realm. */
export const NO_REALMS = {
  title: 'Choose your realms first',
  text: (region: Region) =>
    `This tool compares the buying and selling realms you saved for ${REGION_LABELS[region]}. Save at least one buying and one selling realm, then come back.`,
  link: 'Go to realm settings',
} as const;

/** SPEC §4/§8: without access, a toast and no data request (the route guard normally redirects first). */
function useNoAccessToast(): boolean {
  const { hasAccess } = useAuth();
  useEffect(() => {
    if (!hasAccess) notifyError(ACCESS.noSubscription);
  }, [hasAccess]);
  return hasAccess;
}

function NoAccess() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p role="alert" className="text-lg font-semibold text-white">
        {ACCESS.noSubscription}
      </p>
    </main>
  );
}

function NoRealms({ region }: { region: Region }) {
  return (
    <section
      aria-labelledby="no-realms-title"
      className="mx-auto mt-6 w-full max-w-xl rounded-2xl border border-gold-400/25 bg-ink-900/80 p-6 text-center shadow-xl shadow-black/30 sm:p-8"
    >
      <h2 id="no-realms-title" className="text-lg font-semibold text-white">
        {NO_REALMS.title}
      </h2>
      <p className="mt-2 text-sm text-slate-300">{NO_REALMS.text(region)}</p>
      <Link to={paths.config} className={buttonClass('primary', 'md', 'mt-5')}>
        {NO_REALMS.link}
      </Link>
    </section>
  );
}

/** SPEC §8: a server error field is toasted once; an exception shows the error component alone. */
function useServerErrorToast(error: unknown): void {
  useEffect(() => {
    const message = serverErrorOf(error);
    if (message) notifyError(message);
  }, [error]);
}

/** The data call, then loading, the error component (data cleared), or the tool. */
function ToolData<T>({
  heading,
  useData,
  children,
}: {
  heading: ToolHeadingProps;
  useData: (region: Region) => UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const query = useData(heading.region);
  useServerErrorToast(query.error);
  if (query.isSuccess) return <>{children(query.data)}</>;
  return (
    <>
      <div className="mx-auto w-full max-w-[1800px] px-3 pt-5 sm:px-6">
        <ToolHeading {...heading} />
      </div>
      {query.error ? <ErrorScreen /> : <LoadingScreen />}
    </>
  );
}

export function ToolScreen<T>({
  tool,
  useData,
  children,
}: {
  tool: DataToolKey;
  /** The tool's data query (called only once access and realms are there). */
  useData: (region: Region) => UseQueryResult<T>;
  children: (data: T, region: Region) => ReactNode;
}) {
  const region = useCurrentRegion();
  const hasAccess = useNoAccessToast();
  const { userData } = useAuth();
  if (!hasAccess) return <NoAccess />;
  if (!hasSavedRealms(userData, region)) {
    return (
      <ToolFrame {...TOOL_HEADINGS[tool]} region={region} lastModified={null}>
        <NoRealms region={region} />
      </ToolFrame>
    );
  }
  return (
    <ToolData heading={{ ...TOOL_HEADINGS[tool], region }} useData={useData}>
      {(data) => children(data, region)}
    </ToolData>
  );
}
