// @vitest-environment jsdom
/**
 * lib/feedback.tsx (issue 17): toasts and dialogs asked for before antd's holders have loaded are shown
 * once they are, in order; a confirm's 确定 runs its `onOk`; using the hook outside the provider is a
 * programming error that says so.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackProvider, useFeedback } from './feedback.tsx';
import '../test/render.tsx';

function Buttons({ onOk }: { onOk: () => void }): ReactElement {
  const { message, modal } = useFeedback();
  return (
    <>
      <button
        onClick={() => {
          message.success('第一条');
          message.error('第二条');
        }}
      >
        toasts
      </button>
      <button onClick={() => modal.confirm({ title: '确认删除？', onOk })}>confirm</button>
    </>
  );
}

const renderButtons = (onOk: () => void) =>
  render(
    <ConfigProvider>
      <FeedbackProvider>
        <Buttons onOk={onOk} />
      </FeedbackProvider>
    </ConfigProvider>,
  );

describe('useFeedback', () => {
  it('shows toasts asked for before the holders loaded, in order', async () => {
    renderButtons(() => undefined);
    expect(document.querySelector('.ant-message')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'toasts' }));
    await screen.findByText('第一条', undefined, { timeout: 10_000 });
    const texts = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(texts).toEqual(['第一条', '第二条']);
  });

  it("runs a confirm's onOk when 确定 is pressed", async () => {
    const onOk = vi.fn();
    renderButtons(onOk);
    await userEvent.click(screen.getByRole('button', { name: 'confirm' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain('确认删除？');
    await userEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('throws outside a FeedbackProvider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Buttons onOk={() => undefined} />)).toThrow(/FeedbackProvider/);
    spy.mockRestore();
  });
});
