import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { HomeHeader } from '../headers/home-header';

export function HomeLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <HomeHeader />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
