import { LABELS, PAGE_SIZE, clampPage, pageCount, paginationWindow } from '@goldroute/domain';
import type { ReactNode } from 'react';

export interface PaginationProps {
  /** Current page, counted from 1. */
  page: number;
  totalItems: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  className?: string;
}

const controlClass =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-medium tabular-nums transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-40';
const idleClass =
  'text-slate-300 ring-1 ring-white/10 ring-inset enabled:hover:bg-white/5 enabled:hover:text-white';
const currentClass = 'bg-gold-400 font-semibold text-ink-950';

function Control({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={`${controlClass} ${idleClass}`}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** SPEC §2 pagination: the summary text, then first, previous, up to 10 pages either side, next, last. */
export function Pagination({
  page,
  totalItems,
  pageSize = PAGE_SIZE,
  onPageChange,
  className = '',
}: PaginationProps) {
  const pages = pageCount(totalItems, pageSize);
  const current = clampPage(page, pages);
  const atStart = pages === 0 || current <= 1;
  const atEnd = pages === 0 || current >= pages;
  const go = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== current) onPageChange(next);
  };

  return (
    <div className={`flex flex-col items-center gap-3 ${className}`}>
      <p className="text-center text-sm text-slate-400">{LABELS.pagination(totalItems, pageSize, pages)}</p>
      {pages > 0 ? (
        <nav aria-label="Pagination">
          <ul className="flex flex-wrap items-center justify-center gap-1.5">
            <li>
              <Control label="First page" disabled={atStart} onClick={() => go(1)}>
                «
              </Control>
            </li>
            <li>
              <Control label="Previous page" disabled={atStart} onClick={() => go(current - 1)}>
                ‹
              </Control>
            </li>
            {paginationWindow(current, pages).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  aria-label={`Page ${n}`}
                  aria-current={n === current ? 'page' : undefined}
                  onClick={() => go(n)}
                  className={`${controlClass} ${n === current ? currentClass : idleClass}`}
                >
                  {n}
                </button>
              </li>
            ))}
            <li>
              <Control label="Next page" disabled={atEnd} onClick={() => go(current + 1)}>
                ›
              </Control>
            </li>
            <li>
              <Control label="Last page" disabled={atEnd} onClick={() => go(pages)}>
                »
              </Control>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
