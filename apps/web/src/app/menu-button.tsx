import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One entry of a MenuButton: an action, a link (rendered by the caller) or a heading. */
export type MenuEntry =
  | { key: string; label: ReactNode; onSelect: () => void; disabled?: boolean; current?: boolean }
  | { key: string; heading: ReactNode };

/**
 * A button that opens a menu below it (WAI-ARIA menu button pattern): `aria-haspopup="menu"`,
 * `aria-expanded`, items with role `menuitem`, ArrowUp/ArrowDown/Home/End move between items,
 * Escape closes and gives the focus back to the button, a click elsewhere closes. Plain markup
 * instead of antd's Dropdown and Menu, which cost the top bar — on every page — about 25 KB of
 * gzipped JavaScript (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB).
 */
export function MenuButton({ label, button, entries, className, align = 'end' }: {
  /** Accessible name of the button. */
  label: string;
  /** The button's content (an icon, an avatar). */
  button: ReactNode;
  entries: MenuEntry[];
  className?: string;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined || items.length === 0) return;
    e.preventDefault();
    items[(next + items.length) % items.length].focus();
  };

  return (
    <div className={`menu-button ${className ?? ''}`} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button-trigger"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open && (
        <div role="menu" id={menuId} aria-label={label} className={`menu-popup menu-popup-${align}`}>
          {entries.map((entry) => 'heading' in entry ? (
            <div key={entry.key} role="presentation" className="menu-heading">{entry.heading}</div>
          ) : (
            <div
              key={entry.key}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={entry.disabled || undefined}
              aria-current={entry.current ? 'page' : undefined}
              className="menu-item"
              onClick={() => {
                if (entry.disabled) return;
                setOpen(false);
                entry.onSelect();
              }}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' || e.key === ' ') && !entry.disabled) {
                  e.preventDefault();
                  setOpen(false);
                  entry.onSelect();
                }
              }}
            >
              {entry.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
