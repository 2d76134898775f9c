// @vitest-environment jsdom
/**
 * PageToolbar and RefreshButton: the title row shows its icon, title and controls; 刷新 refetches
 * its query and spins only while a refetch after the first load runs.
 */
import { StarOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageToolbar, RefreshButton, type RefetchableQuery } from './page-toolbar.tsx';
import '../test/render.tsx';

const query = (state: Partial<RefetchableQuery> = {}): RefetchableQuery => ({
  refetch: vi.fn(),
  isFetching: false,
  isLoading: false,
  ...state,
});

describe('PageToolbar', () => {
  it('shows the icon in its colour, the title and the controls', () => {
    const { container } = render(
      <PageToolbar icon={StarOutlined} iconColor="#faad14" title="我的收藏">
        <button>刷新</button>
      </PageToolbar>,
    );
    const bar = container.querySelector('.page-toolbar')!;
    expect(bar.querySelector('h5')?.textContent).toBe('我的收藏');
    const icon = bar.querySelector<HTMLElement>('h5 .anticon-star')!;
    expect(icon.style.color).toBe('rgb(250, 173, 20)');
    expect(icon.style.marginRight).toBe('8px');
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('draws the icon antd blue by default', () => {
    const { container } = render(<PageToolbar icon={StarOutlined} title="x" />);
    expect(container.querySelector<HTMLElement>('.anticon-star')!.style.color).toBe('rgb(22, 119, 255)');
  });
});

describe('RefreshButton', () => {
  it('refetches on click', () => {
    const q = query();
    render(<RefreshButton query={q}>刷新</RefreshButton>);
    fireEvent.click(screen.getByRole('button', { name: /刷新/ }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('spins during a refetch but not during the first load', () => {
    const { rerender } = render(
      <RefreshButton query={query({ isFetching: true, isLoading: true })}>刷新</RefreshButton>,
    );
    expect(screen.getByRole('button').className).not.toContain('ant-btn-loading');
    rerender(<RefreshButton query={query({ isFetching: true })}>刷新</RefreshButton>);
    expect(screen.getByRole('button').className).toContain('ant-btn-loading');
    rerender(<RefreshButton query={query()}>刷新</RefreshButton>);
    expect(screen.getByRole('button').className).not.toContain('ant-btn-loading');
  });
});
