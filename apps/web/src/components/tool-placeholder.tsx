import type { ReactNode } from 'react';
import { TOOL_BY_KEY, type ToolKey } from '../app/tools';
import { useCurrentRegion } from '../app/use-current-region';
import { ComingSoon } from './coming-soon';
import { Badge } from './ui/badge';

/** Placeholder for a tool screen, showing which region the route resolved to. */
export function ToolPlaceholder({ toolKey, children }: { toolKey: ToolKey; children: ReactNode }) {
  const region = useCurrentRegion();
  const tool = TOOL_BY_KEY[toolKey];
  return (
    <ComingSoon title={tool.name} meta={<Badge color="blue">{`Region: ${region.toUpperCase()}`}</Badge>}>
      {children}
    </ComingSoon>
  );
}
