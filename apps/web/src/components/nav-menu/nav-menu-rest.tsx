/**
 * The "…" item of a horizontal NavMenu whose items do not all fit (issue 17; antd Menu's overflow
 * submenu): hovering or Enter opens, below it, a vertical list of the hidden items drawn like antd's
 * submenu popup (160 px wide, 8 px radius and shadow, 40 px items), moving like it (slide up).
 */
import { EllipsisOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useState, type ReactElement, type ReactNode } from 'react';
import { DROPDOWN_LIKE } from './dropdown-like.ts';

/** Props of NavMenuRest. */
export interface NavMenuRestProps {
  /** Nothing to list: kept rendered (for its width) but invisible. */
  hidden: boolean;
  /** The hidden items (menuitem elements). */
  children: ReactNode;
}

/** The "…" entry with its popup list. */
export function NavMenuRest({ hidden, children }: NavMenuRestProps): ReactElement {
  const [open, setOpen] = useState(false);
  const popup = (
    <div style={{ paddingTop: 4 }} onClick={() => setOpen(false)}>
      <ul role="menu" className="nav-menu nav-menu-vertical nav-menu-popup">
        {children}
      </ul>
    </div>
  );
  return (
    <li
      role="none"
      className={`nav-menu-item nav-menu-rest${hidden ? ' nav-menu-item-hidden' : ''}`}
      aria-hidden={hidden || undefined}
    >
      <Popover
        {...DROPDOWN_LIKE}
        open={open && !hidden}
        onOpenChange={setOpen}
        trigger={['hover']}
        placement="bottomLeft"
        mouseEnterDelay={0.1}
        mouseLeaveDelay={0.1}
        content={popup}
      >
        <div
          role="menuitem"
          tabIndex={-1}
          aria-haspopup="true"
          aria-expanded={open}
          className="nav-menu-rest-title"
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.stopPropagation();
            setOpen((o) => !o);
          }}
        >
          <EllipsisOutlined />
        </div>
      </Popover>
    </li>
  );
}
