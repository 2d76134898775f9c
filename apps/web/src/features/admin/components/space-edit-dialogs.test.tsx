// @vitest-environment jsdom
/**
 * The shared edit dialogs of 用户管理 and 企业管理 (space-edit-dialogs.tsx): 修改配额 shows who is
 * edited with the used space, starts at the current quota in GB and saves bytes on 确定 or Enter,
 * then toasts the server's message and closes. 修改服务到期
 * shows who is edited and saves null for 无限制, a day as "YYYY-MM-DD".
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import '../companies-i18n.ts';
import { GB } from '../lib/user-admin-format.ts';
import { QuotaDialog, ServiceEndDialog } from './space-edit-dialogs.tsx';

const text = (key: string) => `adminCompanies:${key}`;
const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

function renderQuota(save = vi.fn(async (_bytes: number) => ({ msg: '配额已修改' })), onClose = vi.fn()) {
  renderWithApp(
    <QuotaDialog
      open
      subject="甲公司"
      text={text}
      pending={false}
      onClose={onClose}
      usedSpace={GB}
      usableSpace={10 * GB}
      save={save}
    />,
  );
  return { save, onClose, input: screen.getByRole<HTMLInputElement>('spinbutton') };
}

describe('QuotaDialog', () => {
  it('shows the company with its used space and the quota in GB', async () => {
    const { input } = renderQuota();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('修改企业配额');
    expect(dialog.textContent).toMatch(/甲公司 · .*1(\.00)?\s*GB/);
    expect(input.value).toBe('10.00');
  });

  it('saves bytes on 确定, toasts the message and closes', async () => {
    const { save, onClose, input } = renderQuota();
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(20 * GB);
    expect(await screen.findByText('配额已修改')).toBeTruthy();
  });

  it('saves on Enter in the field', async () => {
    const { save, onClose, input } = renderQuota();
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(10 * GB);
  });

  it('with the field emptied, 确定 shows the required message and saves nothing (no unhandled rejection)', async () => {
    const { save, onClose, input } = renderQuota();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入存储配额')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ServiceEndDialog', () => {
  it('shows the company and saves null for 无限制', async () => {
    const save = vi.fn(async (_end: string | null) => ({ msg: '' }));
    const onClose = vi.fn();
    renderWithApp(
      <ServiceEndDialog
        open
        subject="甲公司"
        text={text}
        pending={false}
        onClose={onClose}
        serviceStopTime={null}
        save={save}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-typography-secondary')?.textContent).toBe('甲公司');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '无限制' }).checked).toBe(true);
    fireEvent.click(okButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(null);
  });

  it('saves the picked day of a dated service', async () => {
    const save = vi.fn(async (_end: string | null) => ({ msg: '' }));
    const onClose = vi.fn();
    renderWithApp(
      <ServiceEndDialog
        open
        subject="甲公司"
        text={text}
        pending={false}
        onClose={onClose}
        serviceStopTime="2027-03-31 23:59:59"
        save={save}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '指定日期' }).checked).toBe(true);
    fireEvent.click(okButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith('2027-03-31');
  });
});
