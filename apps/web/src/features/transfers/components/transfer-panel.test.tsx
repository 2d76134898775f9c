// @vitest-environment jsdom
/**
 * The transfer panel as a user sees it (spec 000 §2 File-transfer panel, §4; issue 17): status texts
 * of each upload phase, 取消 for work in progress and 移除 for finished rows, the 上传中 badge, the
 * downloads tab, and minimise.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { useTransfers, type DownloadRecord, type UploadRecord } from '../stores/transfer-store.ts';
import { TransferPanel } from './transfer-panel.tsx';

const upload = (fileName: string, patch: Partial<UploadRecord>): UploadRecord => ({
  iuid: `up-${fileName}`,
  fileName,
  fileSize: 2048,
  fullPath: '我的文件/',
  folderId: '',
  uploadTime: '2026-11-26 10:00:00',
  progress: null,
  errorMsg: '',
  uploadId: null,
  phase: 'waiting',
  ...patch,
});

const download = (fileName: string, patch: Partial<DownloadRecord>): DownloadRecord => ({
  iuid: `dl-${fileName}`,
  fileName,
  fileSize: 4096,
  loaded: 0,
  fullPath: '',
  downloadTime: '2026-11-26 10:00:00',
  progress: null,
  errorMsg: '',
  phase: 'running',
  ...patch,
});

const row = (name: string) => screen.getAllByText(name)[0]!.closest('tr')!;

describe('TransferPanel', () => {
  beforeEach(() => {
    useTransfers.setState({
      uploads: [],
      downloads: [],
      downloadsVisible: false,
      panel: 'shown',
      activeTab: 1,
    });
  });

  it('shows each upload phase in 状态 and offers 取消 only while there is work to cancel', async () => {
    useTransfers.setState({
      uploads: [
        upload('a.ifc', { phase: 'waiting' }),
        upload('b.dwg', { phase: 'running', progress: 45.5 }),
        upload('c.obj', { phase: 'paused', progress: 20 }),
        upload('d.pdf', { phase: 'error', progress: 10, errorMsg: '空间不足' }),
        upload('e.png', { phase: 'done', progress: 100 }),
      ],
    });
    renderWithApp(<TransferPanel />);
    expect(within(row('a.ifc')).getByText('等待中...')).toBeTruthy();
    expect(within(row('b.dwg')).getByText('45.5%')).toBeTruthy();
    expect(within(row('c.obj')).getByText('已暂停 20.0%')).toBeTruthy();
    expect(within(row('d.pdf')).getByText('错误: 空间不足')).toBeTruthy();
    expect(within(row('e.png')).getByText('完成')).toBeTruthy();
    for (const name of ['a.ifc', 'b.dwg', 'c.obj', 'd.pdf'])
      expect(within(row(name)).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(within(row('e.png')).queryByRole('button', { name: '取消' })).toBeNull();
    // The tab's badge counts the uploads not yet at 100.
    const tab = screen.getByRole('tab', { name: /上传中/ });
    expect(within(tab).getByText('4')).toBeTruthy();

    await userEvent.click(within(row('e.png')).getByRole('button', { name: '移除' }));
    expect(useTransfers.getState().uploads.map((u) => u.fileName)).toEqual([
      'a.ifc',
      'b.dwg',
      'c.obj',
      'd.pdf',
    ]);
    expect(screen.queryByText('e.png')).toBeNull();
  });

  it('offers 暂停 for a running upload and 继续 for a paused one', () => {
    useTransfers.setState({
      uploads: [
        upload('run.ifc', { phase: 'running', progress: 5 }),
        upload('held.ifc', { phase: 'paused', progress: 7 }),
      ],
    });
    renderWithApp(<TransferPanel />);
    expect(within(row('run.ifc')).getByRole('button', { name: '暂停' })).toBeTruthy();
    expect(within(row('held.ifc')).getByRole('button', { name: '继续' })).toBeTruthy();
  });

  it('lists downloads once one has run: 取消 while running, 移除 when finished', async () => {
    useTransfers.setState({
      downloadsVisible: true,
      activeTab: 2,
      downloads: [
        download('model.glb', { phase: 'running', loaded: 1024, progress: 25 }),
        download('plan.dwg', { phase: 'done', loaded: 4096, progress: 100 }),
      ],
    });
    renderWithApp(<TransferPanel />);
    expect(within(row('model.glb')).getByText('25.0%')).toBeTruthy();
    expect(within(row('model.glb')).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(within(row('plan.dwg')).getByText('完成')).toBeTruthy();
    await userEvent.click(within(row('plan.dwg')).getByRole('button', { name: '移除' }));
    expect(useTransfers.getState().downloads.map((d) => d.fileName)).toEqual(['model.glb']);
  });

  it('最小化 hides the panel and keeps the queue', async () => {
    useTransfers.setState({ uploads: [upload('a.ifc', { phase: 'running', progress: 1 })] });
    renderWithApp(<TransferPanel />);
    await userEvent.click(screen.getByRole('button', { name: '最小化' }));
    expect(useTransfers.getState().panel).toBe('hidden');
    expect(screen.queryByText('传输列表')).toBeNull();
    expect(useTransfers.getState().uploads).toHaveLength(1);
  });
});
