import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { LogoOnlyHeader } from '../headers/logo-only-header';

export function LogoLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <LogoOnlyHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
