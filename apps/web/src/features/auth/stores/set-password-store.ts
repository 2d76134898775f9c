/**
 * Whether the 设置登录密码 dialog (000 §2) is open. The sign-in page asks for it when the answer has
 * `ispassword` false; the shell's notice (000 §4, §8) opens it on click.
 */
import { create } from 'zustand';

export interface SetPasswordState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

/** The set-password dialog state. */
export const useSetPasswordDialog = create<SetPasswordState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
