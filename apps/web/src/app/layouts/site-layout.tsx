import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';

/** The frame of the site's own pages (landing, sign-in, settings): their header, the page, the footer. */
export function SiteLayout({ header }: { header: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {header}
      <Outlet />
      <SiteFooter />
    </div>
  );
}
