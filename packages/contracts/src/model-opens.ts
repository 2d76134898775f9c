/**
 * Models open in a viewer (spec 001 §8 `-120`; issue 13 "Drawing ↔ model, viewer tools"). A tab that
 * shows a model in the preview overlay tells the real-time hub `modelOpen {iuid}` and `modelClose
 * {iuid}`, and repeats `modelHeartbeat {iuid}` while it stays open. While any live tab (other than the
 * caller's own) has a model open, deleting it or replacing its current version answers `-120`
 * (ResultCode.occupied); the 提示 dialog's 关闭 calls `ModelClose`, which pushes `modelForceClose {iuid}`
 * to those tabs and frees the file, after which the refused action is repeated.
 */
import { z } from 'zod';

/** Hub events of open models (client → server: open, close, heartbeat; server → client: force close). */
export const ModelOpenEvents = {
  /** Client → hub: this tab shows the model now. Payload ModelOpenMessage; ack ModelOpenAck. */
  open: 'modelOpen',
  /** Client → hub: this tab no longer shows the model. Payload ModelOpenMessage. */
  close: 'modelClose',
  /** Client → hub: this tab still shows the model (every MODEL_OPEN_HEARTBEAT_MS). Payload ModelOpenMessage. */
  heartbeat: 'modelHeartbeat',
  /** Hub → client: close the model's preview; another user closed it (模型已被其他用户关闭). Payload ModelForceCloseEvent. */
  forceClose: 'modelForceClose',
} as const;

/** How often an open tab repeats `modelHeartbeat`. */
export const MODEL_OPEN_HEARTBEAT_MS = 30_000;
/** An open entry whose last heartbeat is older than this no longer counts (a crashed tab or node). */
export const MODEL_OPEN_TTL_MS = 3 * MODEL_OPEN_HEARTBEAT_MS;

/**
 * Request header naming the browser tab that sends a call (a random id per page load). An action is not
 * refused because of a model open in the caller's own tab.
 */
export const TAB_ID_HEADER = 'x-tab-id';

/** `modelOpen` / `modelClose` / `modelHeartbeat` payload: the file, its version (absent = current), the tab. */
export const ModelOpenMessage = z.object({
  iuid: z.string().min(1),
  version: z.number().int().min(1).optional(),
  tabId: z.string().max(64).optional(),
});
export type ModelOpenMessageValue = z.infer<typeof ModelOpenMessage>;

/** Ack of `modelOpen`: registered, or refused (not signed in, no view right, not a file). */
export type ModelOpenAck = { ok: true } | { ok: false; msg: string };

/** `modelForceClose` payload. */
export const ModelForceCloseEvent = z.object({ iuid: z.string() });
export type ModelForceCloseEventValue = z.infer<typeof ModelForceCloseEvent>;

/** `POST /api/Home/ModelClose` body: the model to close in every other viewer. */
export const ModelCloseBody = z.object({ IUID: z.string().min(1) });

/**
 * `data` of a `-120` answer ("On Close, if data is present…", 001 §8): the open files the refused action
 * touches (one file, or the open files inside a folder), each to be closed with `ModelClose`.
 */
export const ModelOccupiedData = z.object({ iuids: z.array(z.string()) });
export type ModelOccupiedDataValue = z.infer<typeof ModelOccupiedData>;

/** `-120` message (001 §8): the file is open in a viewer. */
export const MODEL_OCCUPIED_MSG = '文件正在被其他用户查看，请在模型关闭后重试';
/** ModelClose success (001 §8 "Model close: success says the model was closed"). */
export const MODEL_CLOSED_MSG = '模型已关闭';
/** ModelClose failure (001 §8). */
export const MODEL_CLOSE_FAILED_MSG = '关闭模型失败，请稍后重试或联系管理员';
