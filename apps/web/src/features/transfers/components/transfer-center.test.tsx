// @vitest-environment jsdom
/**
 * The transfer panel and open dialogs (issue 17 "Everyday use"): a panel shown before a dialog opened
 * gives way to it (the floating button stands in and brings it back over the dialog), a transfer
 * started while a dialog is open shows the panel whole over it, and the panel returns once the dialogs
 * close. The dialog count is driven by the test (jsdom lays nothing out); openDialogCount is checked
 * on its own with visibility stubbed.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { openDialogCount, TRANSFER_DIALOG_CLASS } from '../hooks/use-open-dialogs.ts';
import { useTransfers, type UploadRecord } from '../stores/transfer-store.ts';
import { TransferCenter } from './transfer-center.tsx';

const dialogs = vi.hoisted(() => {
  let count: number | null = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set(n: number | null) {
      count = n;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
});

vi.mock('../hooks/use-open-dialogs.ts', async (original) => ({
  ...(await original<typeof import('../hooks/use-open-dialogs.ts')>()),
  useOpenDialogCount: () => useSyncExternalStore(dialogs.subscribe, dialogs.get),
}));

const upload: UploadRecord = {
  iuid: 'up-a',
  fileName: 'a.ifc',
  fileSize: 2048,
  fullPath: '我的文件/',
  folderId: '',
  uploadTime: '2026-11-26 10:00:00',
  progress: 10,
  errorMsg: '',
  uploadId: null,
  phase: 'running',
};

const panel = () => screen.queryByTestId('transfer-panel');
const button = () => screen.queryByTestId('floating-transfer-button');
const openDialogs = (n: number) => act(() => dialogs.set(n));

describe('TransferCenter over dialogs', () => {
  beforeEach(() => {
    dialogs.set(0);
    useTransfers.setState({
      uploads: [],
      downloads: [],
      downloadsVisible: false,
      panel: 'cleared',
      activeTab: 1,
    });
  });

  it('gives way to a dialog opened over the panel; the button brings it back over the dialog', async () => {
    useTransfers.setState({ uploads: [upload] });
    act(() => useTransfers.getState().setPanel('shown'));
    renderWithApp(<TransferCenter />);
    await screen.findByTestId('transfer-panel', {}, { timeout: 15_000 }); // the panel's code loads lazily

    openDialogs(1);
    expect(panel()).toBeNull();
    expect(button()).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '传输列表' }));
    expect(panel()).not.toBeNull();
    expect(button()).toBeNull();

    // A second dialog over the first: the panel gives way again; all closed: it is back.
    openDialogs(2);
    expect(panel()).toBeNull();
    openDialogs(1);
    expect(panel()).toBeNull();
    openDialogs(0);
    expect(panel()).not.toBeNull();
  });

  it('a transfer started while a dialog is open shows the panel whole over it', async () => {
    dialogs.set(1);
    renderWithApp(<TransferCenter />);
    expect(panel()).toBeNull();
    // What startDownload / startVersionUpload do from within the dialog.
    act(() => {
      useTransfers.getState().addUpload(upload);
      useTransfers.getState().setPanel('shown');
    });
    await screen.findByTestId('transfer-panel', {}, { timeout: 15_000 }); // the panel's code loads lazily
    expect(button()).toBeNull();
  });

  it('the button stands in even with no transfers, so the panel can be brought over the dialog', async () => {
    act(() => useTransfers.getState().setPanel('shown'));
    renderWithApp(<TransferCenter />);
    await screen.findByTestId('transfer-panel', {}, { timeout: 15_000 }); // the panel's code loads lazily
    openDialogs(1);
    expect(panel()).toBeNull();
    expect(button()).not.toBeNull();
  });
});

describe('openDialogCount', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const dialog = (visible: boolean, inside?: HTMLElement) => {
    const el = document.createElement('div');
    el.setAttribute('role', 'dialog');
    el.setAttribute('aria-modal', 'true');
    el.checkVisibility = () => visible;
    (inside ?? document.body).append(el);
  };

  it('counts shown modal dialogs, not hidden ones nor the panel’s own confirmations', () => {
    dialog(true);
    dialog(false);
    const own = document.createElement('div');
    own.className = TRANSFER_DIALOG_CLASS;
    document.body.append(own);
    dialog(true, own);
    expect(openDialogCount()).toBe(1);
    dialog(true);
    expect(openDialogCount()).toBe(2);
  });
});
