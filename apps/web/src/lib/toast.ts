/**
 * Toasts (antd `message`) from code outside React components: the API client's error toasts, the
 * guard's, the sign-in page's. The antd shell (app/antd-root.tsx) binds its context-aware
 * message (lib/feedback.tsx); where it is not mounted (the public pages /login and /s, which ship no antd:
 * issue 17) antd's static message loads on the first toast (lib/antd-static.ts). The same for the
 * dialogs of code outside a screen (`modalApi`: the AccountExit alert).
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

type Args = Parameters<MessageInstance['open']>[0];

/** What toasts need of antd's message API (the static `message` and lib/feedback.tsx's both fit). */
export interface ToastApi {
  open: (args: Args) => unknown;
}

let bound: ToastApi | null = null;
let boundModal: ModalApi | null = null;

/** Use the antd shell's message (lib/feedback.tsx: theme and locale aware); null when it unmounts. */
export function bindToast(instance: ToastApi | null): void {
  bound = instance;
}

/** The bound message instance, or antd's static one (loaded on demand). */
export async function messageApi(): Promise<ToastApi> {
  return bound ?? (await import('./antd-static.ts')).message;
}

/** Show a toast; `args` as antd's `message.open`. */
export function toast(args: Args): void {
  void messageApi().then((m) => m.open(args));
}

/** Use the persistent antd host's modal (lib/feedback.tsx); null when it unmounts. */
export function bindModal(instance: ModalApi | null): void {
  boundModal = instance;
}

/** What code outside screens needs of antd's modal API (the static `Modal` and the hook's both fit). */
export interface ModalApi {
  error: (props: Parameters<HookAPI['error']>[0]) => unknown;
  success: (props: Parameters<HookAPI['success']>[0]) => unknown;
}

/** The bound modal instance, or antd's static `Modal` (loaded on demand). */
export async function modalApi(): Promise<ModalApi> {
  return boundModal ?? (await import('./antd-static.ts')).Modal;
}
