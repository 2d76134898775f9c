/**
 * antd Badge's three looks without loading it (issue 17 "Weight and speed": the file table's status
 * cells and the top bar show badges on the signed-in first view):
 * - a status dot with its text (`status` + `text`; `processing` ripples),
 * - a red dot on a child (`dot`),
 * - a count on a child (`count`, hidden at 0, `overflowCount`+ above it; `size="small"` as antd's).
 * `offset` [x, y] moves the dot or count as antd's does (right by x, down by y); the dot and count are
 * `sup[data-show=true]` with the count as title, as antd draws them. Other props (data-*,
 * aria-*) go on the root element, as antd passes them.
 */
import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import './light-badge.css';

/** antd's badge status names. */
export type LightBadgeStatus = 'success' | 'processing' | 'default' | 'error' | 'warning';

/** Props of LightBadge. */
export interface LightBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  status?: LightBadgeStatus;
  text?: ReactNode;
  dot?: boolean;
  count?: number;
  overflowCount?: number;
  size?: 'default' | 'small';
  offset?: [number, number];
  children?: ReactNode;
}

/** A status dot with text, or a dot / count over `children` (see the module docstring). */
export function LightBadge({
  status,
  text,
  dot,
  count,
  overflowCount = 99,
  size = 'default',
  offset,
  children,
  className,
  ...rest
}: LightBadgeProps): ReactElement {
  if (status)
    return (
      <span {...rest} className={`lt-badge lt-badge-status ${className ?? ''}`}>
        <span className={`lt-badge-status-dot lt-badge-status-${status}`} />
        {text !== undefined && <span className="lt-badge-status-text">{text}</span>}
      </span>
    );
  const place = offset ? { right: -offset[0], marginTop: offset[1] } : undefined;
  const shown = count !== undefined && count > 0;
  return (
    <span {...rest} className={`lt-badge ${className ?? ''}`}>
      {children}
      {dot && <sup className="lt-badge-dot" style={place} data-show="true" />}
      {!dot && shown && (
        <sup
          className={`lt-badge-count${size === 'small' ? ' lt-badge-count-sm' : ''}`}
          style={place}
          title={String(count)}
          data-show="true"
        >
          {count > overflowCount ? `${overflowCount}+` : count}
        </sup>
      )}
    </span>
  );
}
