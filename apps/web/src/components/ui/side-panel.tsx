import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import { useDialogLayer } from './use-dialog-layer';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Pinned under the scrolling content (e.g. Apply Filters and the active-filter count). */
  footer?: ReactNode;
  /** Accessible name of the close X. */
  closeLabel?: string;
  /** Width from the sm breakpoint up; phones always get the full width. */
  widthClass?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** Drawer from the left edge: Escape, a click on the backdrop and the X close it; focus is trapped inside. */
export function SidePanel({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel = 'Close panel',
  widthClass = 'sm:max-w-md',
  initialFocusRef,
}: SidePanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useDialogLayer({ open, onClose, panelRef, initialFocusRef, contentRef });

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex">
      <div
        data-backdrop=""
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 bg-ink-950/70 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex h-full w-full flex-col border-r border-white/10 bg-ink-900 shadow-2xl shadow-black/60 outline-none transition-transform duration-200 starting:-translate-x-full ${widthClass}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-white/5 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-gold-100">
            {title}
          </h2>
          <CloseButton label={closeLabel} onClick={onClose} />
        </div>
        <div ref={contentRef} className="min-h-0 flex-1 overflow-y-auto px-5 py-5">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/5 bg-ink-900/95 px-5 py-4">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
