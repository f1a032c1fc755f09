import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Notice } from './notice';
import { buttonClass } from './ui/button-styles';

interface Way {
  to: string;
  label: string;
}

/**
 * What an account screen shows for a link from an e-mail that did not work: the reason, what such links
 * allow, and the two ways on (the likelier one first).
 */
export function DeadLink({
  error,
  rule,
  primary,
  secondary,
}: {
  error: ReactNode;
  /** How long and how often a link of this kind works, and what to do now. */
  rule: string;
  primary: Way;
  secondary: Way;
}) {
  return (
    <>
      <Notice tone="error">{error}</Notice>
      <p className="mt-5 text-sm leading-relaxed text-slate-400">{rule}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={primary.to} className={buttonClass('primary', 'md', 'sm:flex-1')}>
          {primary.label}
        </Link>
        <Link to={secondary.to} className={buttonClass('secondary', 'md', 'sm:flex-1')}>
          {secondary.label}
        </Link>
      </div>
    </>
  );
}
