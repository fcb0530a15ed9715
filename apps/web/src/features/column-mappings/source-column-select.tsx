import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SelectProps } from 'antd';

/** antd's Select, fetched when the user first opens a source-column dropdown. */
const AntSelect = lazy(() => import('antd/es/select'));

/**
 * The source-column dropdown of a mapping row, loaded on first use (docs/architecture.md#first-load-budget: antd's
 * Select is ~23 KB gzip, and the mapping screen's first load must stay under 300 KB). Until the
 * user opens it, a look-alike combobox shows the chosen column(s) or the placeholder; a click,
 * Enter, Space or ArrowDown loads the real Select in its place, open and focused.
 *
 * The swap happens on `click`, not `mousedown`: an open Select closes on any `mousedown` on the
 * window outside itself, and a browser mounts the Select while the activating mousedown is still
 * bubbling (its target, the removed look-alike, is outside) — the dropdown would close at once
 * whenever the Select's code is already loaded, so every dropdown but the first needed two clicks.
 */
export function SourceColumnSelect(props: SelectProps & { 'aria-label': string; placeholder: string; shown: ReactNode }) {
  const [active, setActive] = useState(false);
  const { shown, ...select } = props;
  const trigger = (
    <div
      role="combobox" tabIndex={0} aria-label={props['aria-label']} aria-expanded={false} aria-haspopup="listbox"
      className={`source-column-trigger ${props.className ?? ''}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setActive(true)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          setActive(true);
        }
      }}
    >
      {shown || <span className="source-column-placeholder">{props.placeholder}</span>}
    </div>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AntSelect {...select} defaultOpen autoFocus />
    </Suspense>
  );
}
