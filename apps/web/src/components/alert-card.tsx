import type { ReactNode } from 'react';

/**
 * The card of a page that can only say no (access denied, an error): an icon in a red badge, a heading,
 * a line of text and any actions under them, announced as an alert.
 */
export function AlertCard({
  className,
  badgeClassName,
  icon,
  title,
  text,
  children,
}: {
  /** The card's frame and width. */
  className: string;
  /** The badge's size and the room under it. */
  badgeClassName: string;
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className={className}>
      <div
        className={`mx-auto flex items-center justify-center rounded-2xl bg-red-500/10 ring-1 ring-red-400/30 ${badgeClassName}`}
      >
        {icon}
      </div>
      <h1 className="text-2xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-slate-400">{text}</p>
      {children}
    </div>
  );
}
