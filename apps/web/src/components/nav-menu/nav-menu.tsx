/**
 * The signed-in frame's navigation menu (issue 17 "Weight and speed"): the top bar's horizontal menu and
 * the document sidebar's inline menu without antd Menu (its menu, overflow and motion code weighed
 * ≈ 15 KB gzip on /myDocument's first load). Drawn like antd 6's light Menu by nav-menu.css: inline
 * items 40 px high with 8 px radius, selected #e6f4ff / #1677ff, hover rgba(0,0,0,.06), group titles
 * and dividers; horizontal items with the 2 px bottom bar on the selected and hovered item; collapsed
 * inline shows the icons only, each with its label as a tooltip on the right (antd Tooltip, already on
 * the page). Accessible like antd's: role menu / menuitem, the menu takes the focus (Tab) and the arrow
 * keys (up / down inline, left / right horizontal), Home and End move between items, Enter opens one.
 * A horizontal menu too narrow for its items lists the rest under a "…" item (antd's overflow).
 */
import { Tooltip } from 'antd';
import { useRef, type CSSProperties, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { NavMenuRest } from './nav-menu-rest.tsx';
import './nav-menu.css';
import { useOverflowCount } from './use-overflow-count.ts';

/** One clickable entry. */
export interface NavMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Text of the tooltip while the inline menu is collapsed (defaults to a string label). */
  title?: string;
  'data-testid'?: string;
}

/** An entry of the menu: an item, a divider line or a titled group of items. */
export type NavMenuEntry =
  | NavMenuItem
  | { type: 'divider'; key?: string }
  | { type: 'group'; key?: string; label: ReactNode; children: NavMenuItem[] };

/** Props of NavMenu. */
export interface NavMenuProps {
  mode: 'inline' | 'horizontal';
  items: NavMenuEntry[];
  selectedKeys: readonly string[];
  onClick: (key: string) => void;
  /** Inline only: show the icons alone (the sidebar folded to 64 px). */
  collapsed?: boolean;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The keys that step to the previous / next item in each mode. */
const STEP: Record<NavMenuProps['mode'], Record<string, number>> = {
  inline: { ArrowUp: -1, ArrowDown: 1 },
  horizontal: { ArrowLeft: -1, ArrowRight: 1 },
};

/** A menu drawn like antd 6's Menu (light theme) in `mode`. */
export function NavMenu({
  mode,
  items,
  selectedKeys,
  onClick,
  collapsed = false,
  className,
  style,
  'data-testid': testId,
}: NavMenuProps): ReactElement {
  const ref = useRef<HTMLUListElement>(null);
  const inlineCollapsed = mode === 'inline' && collapsed;
  const horizontal = mode === 'horizontal';
  const { shown, rest } = useOverflowCount(
    ref,
    ':scope > .nav-menu-item:not(.nav-menu-rest)',
    ':scope > .nav-menu-rest',
    items.length,
    horizontal,
  );

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
      (e) => !e.closest('[aria-hidden="true"]'),
    );
    if (list.length === 0) return;
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: number | undefined;
    const step = STEP[mode][e.key];
    if (step !== undefined)
      next = at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = list.length - 1;
    else if (e.key === 'Enter' && at >= 0) {
      e.preventDefault();
      list[at]!.click();
      return;
    }
    if (next === undefined) return;
    e.preventDefault();
    list[next]!.focus();
  };

  /** One item; `hidden`: overflowed (kept for its width, invisible, listed under "…" instead). */
  const renderItem = (item: NavMenuItem, hidden = false): ReactElement => {
    const selected = selectedKeys.includes(item.key);
    const node = (
      <li
        key={item.key}
        role="menuitem"
        tabIndex={-1}
        aria-hidden={hidden || undefined}
        className={cx(
          'nav-menu-item',
          selected && 'nav-menu-item-selected',
          hidden && 'nav-menu-item-hidden',
        )}
        data-testid={hidden ? undefined : item['data-testid']}
        onClick={() => onClick(item.key)}
      >
        {item.icon && (
          <span className="nav-menu-icon" aria-hidden>
            {item.icon}
          </span>
        )}
        <span className="nav-menu-title">{item.label}</span>
      </li>
    );
    if (!inlineCollapsed) return node;
    const title = item.title ?? (typeof item.label === 'string' ? item.label : undefined);
    return (
      <Tooltip key={item.key} title={title} placement="right">
        {node}
      </Tooltip>
    );
  };

  return (
    <ul
      ref={ref}
      role="menu"
      tabIndex={0}
      className={cx(
        'nav-menu',
        `nav-menu-${mode}`,
        inlineCollapsed && 'nav-menu-inline-collapsed',
        className,
      )}
      style={style}
      data-testid={testId}
      onKeyDown={onKeyDown}
    >
      {items.map((entry, i) => {
        if (!('type' in entry)) return renderItem(entry, i >= shown);
        if (entry.type === 'divider')
          return <li key={entry.key ?? `divider-${i}`} role="separator" className="nav-menu-divider" />;
        return (
          <li key={entry.key ?? `group-${i}`} role="presentation" className="nav-menu-group">
            <div role="presentation" className="nav-menu-group-title">
              {entry.label}
            </div>
            <ul role="group" className="nav-menu-group-list">
              {entry.children.map((c) => renderItem(c))}
            </ul>
          </li>
        );
      })}
      {horizontal && (
        <NavMenuRest hidden={!rest}>
          {items.slice(shown).map((entry) => ('type' in entry ? null : renderItem(entry)))}
        </NavMenuRest>
      )}
    </ul>
  );
}
