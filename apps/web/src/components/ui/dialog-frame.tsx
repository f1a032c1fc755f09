import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import { useDialogLayer } from './use-dialog-layer';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Pinned under the scrolling content (buttons, a status line). */
  footer?: ReactNode;
  /** Accessible name of the close X. */
  closeLabel?: string;
  /** Focused on open; by default the first tabbable element of the content, else the X. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** Where the dialog sits and how it looks: the rest (behaviour, structure) is the same for every dialog. */
export interface DialogLook {
  /** The fixed layer over the page that positions the panel. */
  layer: string;
  backdrop: string;
  panel: string;
  header: string;
  title: string;
  content: string;
  footer: string;
}

/**
 * A modal layer in a portal: backdrop (a click on it closes), a panel with role=dialog named by its title,
 * the close X, the scrolling content and an optional footer. Escape, focus and scroll locking come from
 * useDialogLayer. Modal and SidePanel are this frame with their own look.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel = 'Close dialog',
  initialFocusRef,
  look,
}: DialogProps & { look: DialogLook }) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useDialogLayer({ open, onClose, panelRef, initialFocusRef, contentRef });

  if (!open) return null;
  return createPortal(
    <div className={`fixed inset-0 z-50 ${look.layer}`}>
      <div
        data-backdrop=""
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0 ${look.backdrop}`}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative flex flex-col border-white/10 shadow-2xl shadow-black/60 outline-none ${look.panel}`}
      >
        <div className={`flex justify-between gap-4 border-b border-white/5 px-5 py-4 ${look.header}`}>
          <h2 id={titleId} className={`text-lg font-semibold text-gold-100 ${look.title}`}>
            {title}
          </h2>
          <CloseButton label={closeLabel} onClick={onClose} />
        </div>
        <div ref={contentRef} className={`min-h-0 flex-1 overflow-y-auto px-5 py-5 ${look.content}`}>
          {children}
        </div>
        {footer ? (
          <div
            className={`flex flex-wrap items-center gap-3 border-t border-white/5 px-5 py-4 ${look.footer}`}
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
