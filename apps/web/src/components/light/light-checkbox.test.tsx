// @vitest-environment jsdom
/**
 * LightCheckbox (issue 17): a native checkbox named by its aria-label, its indeterminate state on the
 * input (what assistive technology reads), clicks reported, none while disabled.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LightCheckbox } from './light-checkbox.tsx';

describe('LightCheckbox', () => {
  it('reports clicks and shows the indeterminate state', async () => {
    const onChange = vi.fn((e: { target: { checked: boolean } }) => e.target.checked);
    const { rerender } = render(
      <LightCheckbox aria-label="select all" checked={false} indeterminate onChange={onChange} />,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'select all' });
    expect(box.indeterminate).toBe(true);
    await userEvent.click(box);
    expect(onChange).toHaveReturnedWith(true);
    rerender(<LightCheckbox aria-label="select all" checked onChange={onChange} />);
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(true);
    expect(box.parentElement?.className).toContain('lt-checkbox-checked');
  });

  it('ignores clicks while disabled', async () => {
    const onChange = vi.fn();
    render(<LightCheckbox aria-label="x" checked={false} disabled onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'x' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
