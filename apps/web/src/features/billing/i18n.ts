/** The `billing` i18n namespace (000 §2 /payCenter, /wxPay, /aliPay, /wxPayRedirect; §7 paySuccess; §9). */
import zh from './locales/zh-CN.json';
import { registerNamespace } from '../../lib/i18n.ts';

registerNamespace('billing', zh, () => import('./locales/en-US.json'));

/** Namespace name. */
export const BILLING_NS = 'billing';
