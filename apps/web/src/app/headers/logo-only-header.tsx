import { Logo } from '../../components/logo';
import { HeaderShell } from './header-shell';

/** SPEC §2 logo-only header: login, register, contact, policy pages, subscription and config. */
export function LogoOnlyHeader() {
  return (
    <HeaderShell>
      <div className="mx-auto flex h-16 max-w-6xl items-center px-5 sm:px-8">
        <Logo />
      </div>
    </HeaderShell>
  );
}
