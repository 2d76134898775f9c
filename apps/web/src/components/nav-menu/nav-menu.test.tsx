// @vitest-environment jsdom
/**
 * NavMenu as a user sees it (issue 17): items are menuitems of a menu, the selected one is marked, a
 * click or Enter opens an item, the arrow keys (up / down inline, left / right horizontal, wrapping),
 * Home and End move the focus between items across groups and dividers, and the collapsed inline menu
 * still names its items (tooltips) while showing the icons only; a horizontal menu too narrow for its
 * items lists the rest under "…".
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { NavMenu, type NavMenuEntry } from './nav-menu.tsx';

const ITEMS: NavMenuEntry[] = [
  { key: '/a', label: '我的文件', icon: <span /> },
  { key: '/b', label: '我的收藏', icon: <span />, 'data-testid': 'item-b' },
  { type: 'divider' },
  { type: 'group', label: '资源库', children: [{ key: '/c', label: '公共构件库', icon: <span /> }] },
];

describe('NavMenu', () => {
  it('lists the items, marks the selected one and opens a clicked one', async () => {
    const onClick = vi.fn();
    renderWithApp(
      <NavMenu mode="inline" items={ITEMS} selectedKeys={['/b']} onClick={onClick} data-testid="m" />,
    );
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((e) => e.textContent)).toEqual(['我的文件', '我的收藏', '公共构件库']);
    expect(screen.getByTestId('item-b').classList.contains('nav-menu-item-selected')).toBe(true);
    expect(items[0]!.classList.contains('nav-menu-item-selected')).toBe(false);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(screen.getByText('资源库')).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: '公共构件库' }));
    expect(onClick).toHaveBeenCalledWith('/c');
  });

  it('moves the focus with the arrow keys, Home and End, and opens an item with Enter', async () => {
    const onClick = vi.fn();
    renderWithApp(<NavMenu mode="inline" items={ITEMS} selectedKeys={[]} onClick={onClick} />);
    const items = screen.getAllByRole('menuitem');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('menu'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{End}{Enter}');
    expect(onClick).toHaveBeenCalledWith('/c');
  });

  it('steps with left and right when horizontal', async () => {
    renderWithApp(
      <NavMenu
        mode="horizontal"
        items={[
          { key: 'x', label: '我的空间' },
          { key: 'y', label: '企业空间' },
        ]}
        selectedKeys={['x']}
        onClick={() => undefined}
      />,
    );
    const items = screen.getAllByRole('menuitem');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(items[0]);
  });

  it('keeps the items named when collapsed and shows a label as a tooltip on hover', async () => {
    renderWithApp(
      <NavMenu mode="inline" collapsed items={ITEMS} selectedKeys={[]} onClick={() => undefined} />,
    );
    expect(screen.getByRole('menu').classList.contains('nav-menu-inline-collapsed')).toBe(true);
    const item = screen.getByRole('menuitem', { name: '我的收藏' });
    await userEvent.hover(item);
    expect((await screen.findByRole('tooltip')).textContent).toContain('我的收藏');
  });

  it('lists the items that do not fit under "…" when horizontal', async () => {
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const width = this.classList.contains('nav-menu-rest') ? 46 : 100;
      return { width, height: 56, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 56 } as DOMRect;
    });
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(250);
    try {
      const onClick = vi.fn();
      renderWithApp(
        <NavMenu
          mode="horizontal"
          items={[
            { key: 'x', label: '我的空间' },
            { key: 'y', label: '企业空间' },
            { key: 'z', label: '系统管理', 'data-testid': 'item-z' },
          ]}
          selectedKeys={['x']}
          onClick={onClick}
        />,
      );
      const menu = screen.getAllByRole('menu')[0]!;
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((e) => e.textContent),
      ).toEqual(['我的空间', '企业空间', '']);
      const rest = within(menu).getByRole('menuitem', { expanded: false });
      expect(rest.getAttribute('aria-haspopup')).toBe('true');
      await userEvent.hover(rest);
      await userEvent.click(await screen.findByTestId('item-z'));
      expect(onClick).toHaveBeenCalledWith('z');
    } finally {
      rect.mockRestore();
      client.mockRestore();
    }
  });
});
