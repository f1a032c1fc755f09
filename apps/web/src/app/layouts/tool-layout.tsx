import { Outlet } from 'react-router';
import { ToolHeader } from '../headers/tool-header';

export function ToolLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ToolHeader />
      <Outlet />
    </div>
  );
}
