import { PRODUCT_NAME } from '@goldroute/domain';
import { Link } from 'react-router';
import { paths } from '../shared/paths';

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="goldroute-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.55" stopColor="#f5c451" />
          <stop offset="1" stopColor="#d4932a" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="26" fill="url(#goldroute-mark)" />
      <circle cx="32" cy="32" r="19.5" fill="none" stroke="#0b0e14" strokeOpacity="0.3" strokeWidth="2.2" />
      <path
        d="M20 40 L28.5 30.5 L34.5 36.5 L45 25"
        fill="none"
        stroke="#0b0e14"
        strokeWidth="4.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M37.5 25 H45 V32.5"
        fill="none"
        stroke="#0b0e14"
        strokeWidth="4.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="text-lg font-extrabold tracking-tight text-white">
      Gold<span className="text-gold-400">Route</span>
    </span>
  );
}

/** The logo, linking home. */
export function Logo() {
  return (
    <Link
      to={paths.home}
      aria-label={`${PRODUCT_NAME} home`}
      className="flex shrink-0 items-center gap-2.5 rounded-lg"
    >
      <LogoMark />
      <Wordmark />
    </Link>
  );
}
