import { PRODUCT_NAME } from '@goldroute/domain';
import { Link } from 'react-router';
import { DISCORD_INVITE_URL, paths } from '../shared/paths';
import { LogoMark, Wordmark } from './logo';

const linkClass = 'rounded text-sm text-slate-400 transition hover:text-gold-300';

/**
 * SPEC §1: the footer links are Contact Us, a community chat link, Refund Policy, Privacy Policy and Terms;
 * the data status page follows them.
 */
export function SiteFooter() {
  return (
    <footer className="border-t border-white/5 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-12 sm:px-8 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-8" />
            <Wordmark />
          </div>
          <p className="mt-3 text-sm leading-relaxed text-slate-500">
            Cross-realm auction house deals for World of Warcraft retail, US and EU.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
            <li>
              <Link className={linkClass} to={paths.contactUs}>
                Contact Us
              </Link>
            </li>
            <li>
              <a className={linkClass} href={DISCORD_INVITE_URL} target="_blank" rel="noopener noreferrer">
                Discord
              </a>
            </li>
            <li>
              <Link className={linkClass} to={paths.refundPolicy}>
                Refund Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.privacyPolicy}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.termsAndConditions}>
                Terms and Conditions
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.status}>
                Status
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-5 py-6 text-xs text-slate-500 sm:px-8 md:flex-row md:justify-between">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p>
            {PRODUCT_NAME} is not affiliated with or endorsed by Blizzard Entertainment. World of Warcraft is
            a trademark of Blizzard Entertainment, Inc.
          </p>
        </div>
      </div>
    </footer>
  );
}
