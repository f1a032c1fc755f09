import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import { useDialogLayer } from './use-dialog-layer';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Action row under the content (buttons). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Accessible name of the close X. */
  closeLabel?: string;
  /** Focused on open; by default the first tabbable element of the content, else the X. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** Centred dialog: Escape, a click on the backdrop and the X close it; focus is trapped inside. */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close dialog',
  initialFocusRef,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useDialogLayer({ open, onClose, panelRef, initialFocusRef, contentRef });

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6">
      <div
        data-backdrop=""
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 bg-ink-950/75 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl border border-white/10 bg-ink-850 shadow-2xl shadow-black/60 outline-none transition duration-200 starting:translate-y-4 starting:opacity-0 sm:rounded-2xl ${sizes[size]}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-white/5 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="pt-1.5 text-lg font-semibold text-gold-100">
            {title}
          </h2>
          <CloseButton label={closeLabel} onClick={onClose} />
        </div>
        <div ref={contentRef} className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-white/5 px-5 py-4 sm:px-6">
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
