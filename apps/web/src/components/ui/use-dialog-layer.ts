import { useEffect, useRef, type RefObject } from 'react';
import { focusableWithin, trapTab } from './focus';

/** Open dialogs, innermost last: only the top one answers Escape and traps Tab. */
const layers: symbol[] = [];

let scrollLocks = 0;
let savedBody: { overflow: string; paddingRight: string } | null = null;

/** Stops the page behind an open dialog from scrolling; counted so nested layers share it. */
function lockPageScroll(): () => void {
  const body = document.body;
  if (scrollLocks++ === 0) {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    savedBody = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  return () => {
    if (--scrollLocks === 0 && savedBody) {
      body.style.overflow = savedBody.overflow;
      body.style.paddingRight = savedBody.paddingRight;
      savedBody = null;
    }
  };
}

export interface DialogLayerOptions {
  open: boolean;
  onClose: () => void;
  /** The element with role=dialog; focus is kept inside it. */
  panelRef: RefObject<HTMLElement | null>;
  /** Element to focus on open; by default the first tabbable element of `contentRef`, else of the panel. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  contentRef?: RefObject<HTMLElement | null>;
}

/**
 * Modal behaviour shared by Modal and SidePanel: focus moves in on open, Tab is trapped, Escape
 * closes (unless a control inside already handled it and called preventDefault), the page does not
 * scroll behind, and focus returns to the opener on close.
 */
export function useDialogLayer({ open, onClose, panelRef, initialFocusRef, contentRef }: DialogLayerOptions) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const token = Symbol('dialog-layer');
    layers.push(token);
    const unlock = lockPageScroll();

    const content = contentRef?.current;
    const target =
      initialFocusRef?.current ??
      (content ? focusableWithin(content)[0] : undefined) ??
      focusableWithin(panel)[0] ??
      panel;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (layers[layers.length - 1] !== token) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented) return;
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      layers.splice(layers.indexOf(token), 1);
      unlock();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, panelRef, initialFocusRef, contentRef]);
}
