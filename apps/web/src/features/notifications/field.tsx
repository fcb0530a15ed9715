import type { ReactNode } from 'react';

/**
 * One labelled form row of the notification forms: `label` is tied to the control whose id is
 * `htmlFor` (antd passes `id` to its input), `hint` is shown under it in grey.
 */
export function Field({ label, htmlFor, hint, children }: { label: ReactNode; htmlFor?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="notification-field">
      {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span className="notification-field-label">{label}</span>}
      {children}
      {hint && <div className="notification-field-hint">{hint}</div>}
    </div>
  );
}
