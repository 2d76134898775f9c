// @vitest-environment jsdom
/**
 * LightBadge (issue 17): a count shows over its child with the count as title, caps at
 * `overflowCount`+ and hides at 0; a dot shows only when asked; a status draws its dot and text.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightBadge } from './light-badge.tsx';
import '../../test/render.tsx';

describe('LightBadge', () => {
  it('counts, caps and hides at zero', () => {
    const { rerender, container } = render(
      <LightBadge count={3} size="small">
        <button>传输列表</button>
      </LightBadge>,
    );
    expect(screen.getByTitle('3').textContent).toBe('3');
    rerender(
      <LightBadge count={120} overflowCount={99}>
        <button>传输列表</button>
      </LightBadge>,
    );
    expect(screen.getByTitle('120').textContent).toBe('99+');
    rerender(
      <LightBadge count={0}>
        <button>传输列表</button>
      </LightBadge>,
    );
    expect(container.querySelector('sup')).toBeNull();
  });

  it('shows a dot only when asked, moved by its offset', () => {
    const { rerender, container } = render(
      <LightBadge dot={false} data-testid="b">
        x
      </LightBadge>,
    );
    expect(container.querySelector('sup')).toBeNull();
    rerender(
      <LightBadge dot offset={[6, -2]} data-testid="b">
        x
      </LightBadge>,
    );
    const sup = container.querySelector<HTMLElement>('sup[data-show="true"]')!;
    expect(sup.style.right).toBe('-6px');
    expect(sup.style.marginTop).toBe('-2px');
    expect(screen.getByTestId('b')).toBeTruthy();
  });

  it('draws a status dot with its text', () => {
    const { container } = render(<LightBadge status="success" text="转换完成" />);
    expect(container.querySelector('.lt-badge-status-success')).not.toBeNull();
    expect(screen.getByText('转换完成')).toBeTruthy();
  });
});
