/**
 * A breadcrumb trail (issue 17 "Weight and speed": replaces antd's Breadcrumb on the file list's
 * first load). Drawn like antd 6's Breadcrumb: a `nav` with an ordered list, grey links that darken
 * on hover, the last item in the text colour, "/" separators hidden from assistive technology.
 */
import { Fragment, type ReactElement, type ReactNode } from 'react';
import './light-breadcrumb.css';

/** Props of LightBreadcrumb. */
export interface LightBreadcrumbProps {
  items: Array<{ key: string; title: ReactNode }>;
}

/** The trail. */
export function LightBreadcrumb({ items }: LightBreadcrumbProps): ReactElement {
  return (
    <nav className="lt-breadcrumb">
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.key}>
            <li className="lt-breadcrumb-item">
              <span className="lt-breadcrumb-link">{item.title}</span>
            </li>
            {i < items.length - 1 && (
              <li className="lt-breadcrumb-separator" aria-hidden="true">
                /
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
