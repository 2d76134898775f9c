/**
 * Plain text and link elements of the signed-in file lists (issue 17 "Weight and speed": antd's
 * Typography chunk, ~16 KB gzip, carries its editor, copy and ellipsis measuring, none of which the
 * lists use). Drawn like antd 6's Typography.Text (secondary colour, strong) and Typography.Link
 * (link colours, single-line ellipsis) of the default theme.
 */
import type { AnchorHTMLAttributes, CSSProperties, ReactElement, ReactNode } from 'react';
import './light-text.css';

/** A span of text (antd Typography.Text): `secondary` greys it, `strong` makes it bold. */
export function LightText(props: {
  type?: 'secondary';
  strong?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}): ReactElement {
  const cls = ['lt-text', props.type === 'secondary' && 'lt-text-secondary', props.className]
    .filter(Boolean)
    .join(' ');
  const inner = props.strong ? <strong>{props.children}</strong> : props.children;
  return (
    <span className={cls} style={props.style}>
      {inner}
    </span>
  );
}

/** A link (antd Typography.Link); `ellipsis` cuts it on one line. */
export function LightLink({
  ellipsis,
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { ellipsis?: boolean }): ReactElement {
  return (
    <a
      {...rest}
      className={['lt-link', ellipsis && 'lt-link-ellipsis', className].filter(Boolean).join(' ')}
    />
  );
}
