/**
 * antd's static `message` and `Modal`, for code that runs where the antd shell (app/antd-root.tsx) is
 * not mounted — the public pages /login and /s ship no antd (issue 17 "Weight and speed"), so this
 * module is imported on demand (lib/toast.ts, lib/model-occupied.ts, the sign-in route's notice).
 * Messages sit where the shell's `App` puts them (top 60, at most 3).
 */
import { message } from 'antd';

message.config({ top: 60, maxCount: 3 });

export { message, Modal } from 'antd';
