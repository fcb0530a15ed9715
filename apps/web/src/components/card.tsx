import type { HTMLAttributes, ReactNode } from 'react';
import { Skeleton } from 'antd';
import './card.css';

/**
 * A titled panel with antd Card's look (header 56 px / small 38 px, body padding 24 px / 12 px,
 * 1 px #f0f0f0 border, 8 px radius) and its props as this app uses them: `title`, `extra`
 * (right of the title), `size`, `loading` (a skeleton instead of the body), `hoverable` (a shadow under the pointer). Plain markup: antd's
 * Card imports Tabs (for `tabList`) and with it Menu and Dropdown, ~18 KB gzip on the first load
 * of every page (docs/requirements/workflow.md#clear-states-and-fast-pages). The body is `.mc-card-body`.
 */
export function Card({ title, extra, size, loading, hoverable, className, children, ...rest }: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'small' | 'default';
  loading?: boolean;
  hoverable?: boolean;
}) {
  return (
    <div className={['mc-card', size === 'small' ? 'mc-card-small' : '', hoverable ? 'mc-card-hoverable' : '', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {(title || extra) && (
        <div className="mc-card-head">
          {title && <div className="mc-card-title">{title}</div>}
          {extra && <div className="mc-card-extra">{extra}</div>}
        </div>
      )}
      <div className="mc-card-body">{loading ? <Skeleton active /> : children}</div>
    </div>
  );
}
