// Frame of the data tools (SPEC §2 "Tool screens"): the heading with the region and the last-updated
// banner, above the tool's filter bar, table, totals and pagination.
import type { Region } from '@goldroute/domain';
import type { ReactNode } from 'react';
import { TOOL_BY_KEY } from '../../shared/tools';
import { Badge } from '../../components/ui';
import { TimerBanner } from './timer-banner';

export interface ToolHeadingText {
  title: string;
  subtitle: string;
}

export interface ToolHeadingProps extends ToolHeadingText {
  region: Region;
}

/** What a screen passes on to a data tool besides its rows. */
export interface ToolPageProps {
  region: Region;
  /** The data's last update (unix seconds), for the banner. */
  lastModified: number;
}

export type DataToolKey = 'flipping' | 'dropship' | 'tsm';

export const TOOL_HEADINGS: Record<DataToolKey, ToolHeadingText> = {
  flipping: { title: TOOL_BY_KEY.flipping.name, subtitle: 'Buy low on one realm, sell high on another' },
  dropship: {
    title: TOOL_BY_KEY.dropship.name,
    subtitle: 'Every realm you can buy an item on, grouped by variant',
  },
  tsm: { title: TOOL_BY_KEY.tsm.name, subtitle: 'Build a TradeSkillMaster group from region prices' },
};

export function ToolHeading({ title, subtitle, region }: ToolHeadingProps) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold tracking-tight text-white sm:text-2xl">{title}</h1>
        <Badge color="yellow">{`Region: ${region.toUpperCase()}`}</Badge>
      </div>
      <p className="mt-0.5 text-sm text-slate-400">{subtitle}</p>
    </div>
  );
}

/** The page around a tool's content; `lastModified` drives the banner, null leaves it out. */
export function ToolFrame({
  title,
  subtitle,
  region,
  lastModified,
  children,
}: ToolHeadingProps & { lastModified: number | null; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-[1800px] min-w-0 flex-1 flex-col gap-4 px-3 pt-5 pb-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <ToolHeading title={title} subtitle={subtitle} region={region} />
        {lastModified === null ? null : <TimerBanner region={region} lastModified={lastModified} />}
      </div>
      {children}
    </main>
  );
}
