/**
 * The `-120` dialog (spec 001 §8): "the file is occupied, repeat after the occupying model file is
 * closed; buttons Close and Cancel". A confirm titled 提示 with 关闭 / 取消. 关闭 closes the models named
 * in the answer's data (`ModelOccupiedData.iuids`, via `ModelClose`): while closing a warning says to
 * wait (模型正在关闭，请稍候), then 模型已关闭 or 关闭模型失败，请稍后重试或联系管理员. The caller (the API client,
 * the upload queue) repeats its action once when this answers true; 取消 answers false and changes
 * nothing.
 */
import { ResultCode, type Envelope } from '@bimdrive/contracts';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ToastApi } from './toast.ts';
import i18n from './i18n.ts';

/** Closes one model in every other viewer (`POST ModelClose`); answers its envelope. */
export type CloseModel = (iuid: string) => Promise<Envelope<unknown>>;

/** What the dialog needs of antd's modal API (the static `Modal` and the `App` hook instance both fit). */
type ConfirmApi = { confirm: (props: Parameters<HookAPI['confirm']>[0]) => unknown };

// antd's static Modal and message (lib/antd-static.ts, loaded on demand) until the antd shell binds
// its own: the API client that imports this module loads on pages without antd (issue 17).
let modal: ConfirmApi | null = null;
let message: ToastApi | null = null;

/** Use the antd shell's modal and message (lib/feedback.tsx: theme and locale aware); null to unbind. */
export function bindOccupiedDialog(m: ConfirmApi | null, msg: ToastApi | null): void {
  modal = m;
  message = msg;
}

/** The bound modal and message, or antd's static ones. */
async function dialogApis(): Promise<{ modal: ConfirmApi; message: ToastApi }> {
  if (modal && message) return { modal, message };
  const statics = await import('./antd-static.ts');
  return { modal: modal ?? statics.Modal, message: message ?? statics.message };
}

/** The open dialog, shared by -120 answers that arrive while it is up. */
let pending: Promise<boolean> | null = null;

const KEY = 'model-close';

/**
 * Ask whether to close the models that block an action, and close them on 关闭.
 * @param data the -120 answer's data (`{iuids}`); without it nothing can be closed and 关闭 just dismisses.
 * @returns true when every model was closed (repeat the action), false on 取消 or failure.
 */
export function askToCloseModels(data: unknown, closeModel: CloseModel): Promise<boolean> {
  if (pending) return pending;
  pending = occupiedIuids(data)
    .then((iuids) => confirmClose(iuids, closeModel))
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The iuids of a -120 answer's data (`ModelOccupiedData`). The schema (and zod) load with the first
 * -120 answer, not with every page (issue 17: initial JavaScript).
 */
async function occupiedIuids(data: unknown): Promise<string[]> {
  const { ModelOccupiedData } = await import('@bimdrive/contracts/model-opens');
  const parsed = ModelOccupiedData.safeParse(data);
  return parsed.success ? parsed.data.iuids : [];
}

/** The 提示 关闭/取消 confirm; on 关闭 closes `iuids`; resolves true when every one closed. */
async function confirmClose(iuids: string[], closeModel: CloseModel): Promise<boolean> {
  const { modal, message } = await dialogApis();
  return new Promise<boolean>((resolve) => {
    modal.confirm({
      title: i18n.t('common:tip'),
      content: i18n.t('common:modelOpen.occupied'),
      okText: i18n.t('common:close'),
      cancelText: i18n.t('common:cancel'),
      // No close icon or mask click: the choice is 关闭 or 取消 (001 §8).
      keyboard: false,
      onCancel: () => resolve(false),
      onOk: async () => {
        if (iuids.length === 0) return resolve(false);
        void message.open({
          key: KEY,
          type: 'warning',
          content: i18n.t('common:modelOpen.closing'),
          duration: 0,
        });
        let closed = true;
        for (const iuid of iuids) {
          const r = await closeModel(iuid).catch(() => null);
          if (r?.code !== ResultCode.ok) closed = false;
        }
        void message.open(
          closed
            ? { key: KEY, type: 'success', content: i18n.t('common:modelOpen.closed'), duration: 3 }
            : { key: KEY, type: 'error', content: i18n.t('common:modelOpen.closeFailed'), duration: 5 },
        );
        resolve(closed);
      },
    });
  });
}
