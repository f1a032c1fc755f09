import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
}

/** A header menu button revealing a list of links; closes on Escape, outside click and navigation. */
export function NavDropdown({ label, items }: { label: string; items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-300 transition hover:bg-white/5 hover:text-white aria-expanded:bg-white/5 aria-expanded:text-white"
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          className={`size-4 transition ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        >
          <path
            d="m5 7.5 5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute left-0 z-50 mt-2 min-w-60 rounded-xl border border-white/10 bg-ink-850 p-1.5 shadow-2xl shadow-black/50"
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm transition hover:bg-white/5 hover:text-white ${
                  isActive ? 'bg-gold-400/10 text-gold-300' : 'text-slate-300'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
