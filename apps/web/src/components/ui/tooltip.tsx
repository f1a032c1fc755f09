import { TOOLTIP_DEFAULTS } from '@goldroute/domain';
import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export type TooltipPlacement = 'top' | 'bottom';

/** Distance kept between the tooltip and the viewport edges. */
const VIEWPORT_MARGIN = 8;

export interface TooltipPosition {
  placement: TooltipPlacement;
  top: number;
  left: number;
  /** Arrow's left edge, relative to the tooltip. */
  arrowLeft: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Where the tooltip goes: `offset` px off the preferred side of the anchor, flipped to the other
 * side when the preferred one has no room, centred on the anchor and kept inside the viewport.
 */
export function computeTooltipPosition(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'width'>,
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
  preferred: TooltipPlacement,
  offset: number,
  arrowSize: number,
): TooltipPosition {
  const above = anchor.top - offset - tip.height;
  const below = anchor.bottom + offset;
  const roomAbove = above >= 0;
  const roomBelow = below + tip.height <= viewport.height;
  let placement = preferred;
  if (preferred === 'top' && !roomAbove && roomBelow) placement = 'bottom';
  if (preferred === 'bottom' && !roomBelow && roomAbove) placement = 'top';
  const center = anchor.left + anchor.width / 2;
  const left = clamp(center - tip.width / 2, VIEWPORT_MARGIN, viewport.width - tip.width - VIEWPORT_MARGIN);
  const arrowLeft = clamp(center - left - arrowSize / 2, arrowSize / 2, tip.width - arrowSize * 1.5);
  return { placement, top: placement === 'top' ? above : below, left, arrowLeft };
}

export interface TooltipProps {
  /** The tooltip text. */
  content: ReactNode;
  /** The trigger; it gets aria-describedby while the tooltip shows. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: TooltipPlacement;
  offset?: number;
  arrowSize?: number;
  showDelay?: number;
  hideDelay?: number;
  /** Classes of the inline wrapper that listens for hover and focus. */
  className?: string;
}

/** Hover and focus tooltip, portalled to document.body (SPEC §2: offset 10, arrow 8, no delays). */
export function Tooltip({
  content,
  children,
  placement = 'top',
  offset = TOOLTIP_DEFAULTS.offset,
  arrowSize = TOOLTIP_DEFAULTS.arrowSize,
  showDelay = TOOLTIP_DEFAULTS.showDelay,
  hideDelay = TOOLTIP_DEFAULTS.hideDelay,
  className = '',
}: TooltipProps) {
  const id = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<TooltipPosition | null>(null);

  const show = useCallback(
    (next: boolean) => {
      window.clearTimeout(timer.current);
      const apply = () => {
        setOpen(next);
        if (!next) setPosition(null);
      };
      const delay = next ? showDelay : hideDelay;
      if (delay > 0) timer.current = window.setTimeout(apply, delay);
      else apply();
    },
    [showDelay, hideDelay],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      const anchor = anchorRef.current;
      const tip = tipRef.current;
      if (!anchor || !tip) return;
      setPosition(
        computeTooltipPosition(
          anchor.getBoundingClientRect(),
          { width: tip.offsetWidth, height: tip.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
          placement,
          offset,
          arrowSize,
        ),
      );
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, placement, offset, arrowSize, content]);

  const describedBy = [children.props['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ');
  const side = position?.placement ?? placement;

  return (
    <>
      <span
        ref={anchorRef}
        className={`inline-flex max-w-full ${className}`}
        onMouseEnter={() => show(true)}
        onMouseLeave={() => show(false)}
        onFocus={() => show(true)}
        onBlur={() => show(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) show(false);
        }}
      >
        {cloneElement(children, { 'aria-describedby': describedBy || undefined })}
      </span>
      {open
        ? createPortal(
            <div
              ref={tipRef}
              id={id}
              role="tooltip"
              data-placement={side}
              className="pointer-events-none fixed z-60 max-w-xs rounded-lg bg-ink-700 px-3 py-2 text-xs leading-snug font-medium text-slate-100 shadow-lg shadow-black/50 ring-1 ring-gold-400/25"
              style={{
                top: position?.top ?? 0,
                left: position?.left ?? 0,
                visibility: position ? 'visible' : 'hidden',
              }}
            >
              {content}
              <span
                aria-hidden="true"
                className="absolute rotate-45 bg-ink-700"
                style={{
                  width: arrowSize,
                  height: arrowSize,
                  left: position?.arrowLeft ?? 0,
                  [side === 'top' ? 'bottom' : 'top']: -arrowSize / 2,
                }}
              />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
