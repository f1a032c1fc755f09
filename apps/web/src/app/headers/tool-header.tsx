import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../../components/logo';
import { buttonClass } from '../../components/ui/button-styles';
import { TokenPrice } from '../../features/token/token-price';
import { useAuth } from '../../lib/auth-store';
import { useCurrentRegion } from '../../shared/use-current-region';
import { useLogOut } from '../../shared/use-log-out';
import { HeaderShell } from './header-shell';
import { MenuToggle } from './menu-toggle';
import { NavDropdown } from './nav-dropdown';
import { toolMenu } from './tool-menu';

const flatLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition hover:bg-white/5 hover:text-white ${
    isActive ? 'text-gold-300' : 'text-slate-300'
  }`;

/** SPEC §2 tool-page header: menu, token price and Log out (which returns to /). */
export function ToolHeader() {
  const auth = useAuth();
  const region = useCurrentRegion();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { groups, subscription } = toolMenu(region, auth.isAdmin);
  const [tools, ...rest] = groups;
  // The bar shows it from lg up, the menu below that.
  const logOutButton = (
    <button type="button" onClick={() => void logOut()} className={buttonClass('secondary', 'sm')}>
      Log out
    </button>
  );

  return (
    <HeaderShell>
      {/* As wide as the data tools below it; below sm the token price takes a second row, so it never
          crowds the logo. */}
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-3 sm:h-16 sm:flex-nowrap sm:px-6 sm:py-0">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {tools ? <NavDropdown label={tools.label} items={tools.items} /> : null}
            <NavLink to={subscription.to} className={flatLinkClass}>
              {subscription.label}
            </NavLink>
            {rest.map((group) => (
              <NavDropdown key={group.label} label={group.label} items={group.items} />
            ))}
          </nav>
        </div>
        <div className="order-last flex w-full items-center gap-3 sm:order-none sm:ml-auto sm:w-auto">
          <TokenPrice region={region} />
          <div className="hidden lg:block">{logOutButton}</div>
        </div>
        <div className="lg:hidden">
          <MenuToggle open={open} controls={menuId} onToggle={() => setOpen((value) => !value)} />
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-white/5 px-4 pt-2 pb-5 sm:px-6 lg:hidden">
        <nav aria-label="Mobile" className="grid gap-5 pt-3 sm:grid-cols-2">
          {/* The tool groups, then the account's own page as a group of its own. */}
          {[...groups, { label: 'Account', items: [subscription] }].map((group) => (
            <div key={group.label}>
              <p className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                {group.label}
              </p>
              <ul className="mt-1">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      onClick={() => setOpen(false)}
                      className="block rounded-lg px-3 py-2.5 text-sm text-slate-200 hover:bg-white/5"
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-4 flex justify-end border-t border-white/5 pt-4">{logOutButton}</div>
      </div>
    </HeaderShell>
  );
}
