// @vitest-environment jsdom
/**
 * lib/confirmed-action.ts (issue 17): the confirm shows 提示 and the question with 确定 / 取消; 确定 runs
 * the action and toasts the success text made from its answer; a failed action toasts nothing more.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmedAction } from './confirmed-action.ts';
import { FeedbackProvider } from './feedback.tsx';
import '../test/render.tsx';

function Ask({ action }: { action: () => Promise<{ msg: string }> }): ReactElement {
  const confirm = useConfirmedAction();
  return (
    <button onClick={() => confirm({ content: '确认删除？', action, success: (r) => `已完成：${r.msg}` })}>
      ask
    </button>
  );
}

const renderAsk = (action: () => Promise<{ msg: string }>) =>
  render(
    <ConfigProvider>
      <FeedbackProvider>
        <Ask action={action} />
      </FeedbackProvider>
    </ConfigProvider>,
  );

describe('useConfirmedAction', () => {
  it('runs the action on 确定 and toasts its success', async () => {
    const action = vi.fn(async () => ({ msg: '好' }));
    renderAsk(action);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain('确认删除？');
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await screen.findByText('已完成：好', undefined, { timeout: 10_000 });
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('toasts nothing when the action fails (the API client did)', async () => {
    const action = vi.fn(async () => {
      throw new Error('refused');
    });
    renderAsk(action);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
