import type { ComponentProps, ReactNode } from 'react';
import { paths } from '../../shared/paths';
import { PageShell, Panel } from '../../components/page-shell';

const ADMIN_TABS = [
  { label: 'Cache stats', to: paths.adminStats },
  { label: 'Gold subscription', to: paths.adminGold },
] as const;

/** Frame of the two admin pages: tabs between them, wide for the tables. */
export function AdminShell(
  props: Omit<ComponentProps<typeof PageShell>, 'tabs' | 'tabsLabel' | 'eyebrow' | 'wide'>,
) {
  return <PageShell tabs={ADMIN_TABS} tabsLabel="Admin pages" eyebrow="Administration" wide {...props} />;
}

/** A panel of the admin pages, its heading id derived from `id`. */
export function AdminPanel({
  id,
  ...props
}: {
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return <Panel headingId={`${id}-heading`} dense {...props} />;
}
