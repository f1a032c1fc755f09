import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { buttonClass } from '../../components/ui/button-styles';
import { anchors, paths } from '../../shared/paths';
import { HeaderShell } from './header-shell';
import { MenuToggle } from './menu-toggle';

const sectionLinks = [
  { label: 'Our Tools', href: `#${anchors.tools}` },
  { label: 'Reviews', href: `#${anchors.reviews}` },
  { label: 'Pricing', href: `#${anchors.pricing}` },
] as const;

/** SPEC §2 home header: logo, Our Tools, Reviews, Pricing, Sign in and Register Now. */
export function HomeHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  return (
    <HeaderShell>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition hover:bg-white/5 hover:text-white"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Link to={paths.login} className={buttonClass('ghost', 'sm')}>
            Sign in
          </Link>
          <Link to={paths.register} className={buttonClass('primary', 'sm')}>
            Register Now
          </Link>
        </div>
        <div className="md:hidden">
          <MenuToggle open={open} controls={menuId} onToggle={() => setOpen((value) => !value)} />
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-white/5 px-5 pt-3 pb-5 md:hidden">
        <nav aria-label="Mobile">
          <ul className="flex flex-col">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={close}
                  className="block rounded-lg px-3 py-3 text-base font-medium text-slate-200 hover:bg-white/5"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <Link to={paths.login} onClick={close} className={buttonClass('secondary', 'md')}>
              Sign in
            </Link>
            <Link to={paths.register} onClick={close} className={buttonClass('primary', 'md')}>
              Register Now
            </Link>
          </div>
        </nav>
      </div>
    </HeaderShell>
  );
}
