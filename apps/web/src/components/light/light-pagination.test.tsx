// @vitest-environment jsdom
/**
 * The light pagination as a user sees it (light-pagination.tsx, issue 17): pages are list items named
 * by their number, prev / next and the ••• jumps move, Enter works like a click, the total shows, and
 * the page-size chooser (a combobox with options, keyboard too) keeps the page within the new count.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { LightPagination } from './light-pagination.tsx';

function Harness(props: {
  total: number;
  start?: number;
  onChange?: (p: number, s: number) => void;
}): ReactElement {
  const [state, setState] = useState({ page: props.start ?? 1, size: 20 });
  return (
    <LightPagination
      current={state.page}
      pageSize={state.size}
      total={props.total}
      pageSizeOptions={[20, 50, 100]}
      showTotal={(n) => `共 ${n} 项`}
      onChange={(page, size) => {
        setState({ page, size });
        props.onChange?.(page, size);
      }}
    />
  );
}

const current = () => document.querySelector('.lt-pagination-item-active')?.getAttribute('title');

describe('LightPagination', { timeout: 30_000 }, () => {
  it('goes to a page, the previous and the next one', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness total={45} onChange={onChange} />);
    expect(screen.getByText('共 45 项')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: '上一页' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 20);
    await userEvent.click(screen.getByRole('listitem', { name: '下一页' }));
    expect(current()).toBe('3');
    expect(screen.getByRole('listitem', { name: '下一页' }).getAttribute('aria-disabled')).toBe('true');
    // A disabled next does nothing.
    await userEvent.click(screen.getByRole('listitem', { name: '下一页' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('listitem', { name: '上一页' }));
    expect(current()).toBe('2');
    // The current page again: no change.
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('jumps 5 pages and answers Enter', async () => {
    renderWithApp(<Harness total={400} />);
    await userEvent.click(screen.getByRole('listitem', { name: '向后 5 页' }));
    expect(current()).toBe('6');
    screen.getByRole('listitem', { name: '向前 5 页' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(current()).toBe('1');
    screen.getByRole('listitem', { name: '20' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(current()).toBe('20');
  });

  it('shows a disabled page 1 without rows', () => {
    renderWithApp(<Harness total={0} />);
    expect(screen.getByText('共 0 项')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: '1' }).className).toContain('lt-pagination-item-disabled');
    expect(screen.getByRole('listitem', { name: '下一页' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('changes the page size and keeps the page within the new count', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness total={130} start={7} onChange={onChange} />);
    const size = screen.getByRole('combobox', { name: '页码' });
    expect(size.textContent).toBe('20 条/页');
    await userEvent.click(size);
    expect(size.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: '50 条/页' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 50);
    expect(screen.queryByRole('listbox')).toBeNull();
    // Keyboard: open, move down, choose.
    size.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2, 100);
    expect(size.textContent).toBe('100 条/页');
    // Escape closes without a change.
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
