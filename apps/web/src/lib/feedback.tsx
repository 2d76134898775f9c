/**
 * Toasts and confirmation dialogs of the signed-in app (antd `message` and `Modal` hooks, theme and
 * locale aware), loaded on first use: the antd shell (app/antd-root.tsx) renders `FeedbackProvider`
 * instead of antd's `App`, whose message, notification and modal holders cost ~18 KB gzip in every
 * signed-in page's first load though most views show neither (issue 17 "Weight and speed").
 *
 * `useFeedback()` returns `{ message, modal }` with antd's method names and arguments
 * (`message.success(content)`, `modal.confirm({ title, onOk })`…). A call made before the holders are
 * there mounts them (lib/feedback-holders.tsx, one small chunk) and runs once they are; calls keep
 * their order. The methods return nothing: callers use `onOk`/`onCancel` and `onClose`, not antd's
 * returned handles.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { MessageInstance, ConfigOptions } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { FeedbackApis } from './feedback-holders.tsx';

type Fire<F> = F extends (...args: infer A) => unknown ? (...args: A) => void : never;

/** The message methods the app uses, as antd's `MessageInstance` takes them. */
export type LazyMessage = {
  [K in 'open' | 'success' | 'error' | 'info' | 'warning' | 'loading']: Fire<MessageInstance[K]>;
};

/** The dialog methods the app uses, as antd's modal `HookAPI` takes them. */
export type LazyModal = { [K in 'confirm' | 'info' | 'success' | 'warning' | 'error']: Fire<HookAPI[K]> };

/** What `useFeedback` returns. */
export interface Feedback {
  message: LazyMessage;
  modal: LazyModal;
}

const Holders = lazy(() => import('./feedback-holders.tsx'));

const FeedbackContext = createContext<Feedback | null>(null);

const MESSAGE_METHODS = ['open', 'success', 'error', 'info', 'warning', 'loading'] as const;
const MODAL_METHODS = ['confirm', 'info', 'success', 'warning', 'error'] as const;

/** Props of FeedbackProvider. */
export interface FeedbackProviderProps {
  children: ReactNode;
  /** antd message settings (e.g. `{ top: 60, maxCount: 3 }`). */
  messageConfig?: ConfigOptions;
}

/** Provides `useFeedback()` to `children`; must sit inside antd's `ConfigProvider`. */
export function FeedbackProvider({ children, messageConfig }: FeedbackProviderProps): ReactElement {
  const [wanted, setWanted] = useState(false);
  const apis = useRef<FeedbackApis | null>(null);
  const queue = useRef<((a: FeedbackApis) => void)[]>([]);
  const value = useMemo<Feedback>(() => {
    const run = (call: (a: FeedbackApis) => void) => {
      if (apis.current) return call(apis.current);
      queue.current.push(call);
      setWanted(true);
    };
    const message = Object.fromEntries(
      MESSAGE_METHODS.map((m) => [
        m,
        (...args: unknown[]) => run((a) => void (a.message[m] as (...x: unknown[]) => unknown)(...args)),
      ]),
    ) as LazyMessage;
    const modal = Object.fromEntries(
      MODAL_METHODS.map((m) => [
        m,
        (...args: unknown[]) => run((a) => void (a.modal[m] as (...x: unknown[]) => unknown)(...args)),
      ]),
    ) as LazyModal;
    return { message, modal };
  }, []);
  const onReady = useCallback((a: FeedbackApis) => {
    apis.current = a;
    for (const call of queue.current.splice(0)) call(a);
  }, []);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Holders messageConfig={messageConfig} onReady={onReady} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

/** The nearest FeedbackProvider's message and modal; throws outside one (a bug, not a user error). */
export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback outside FeedbackProvider (app/antd-root.tsx)');
  return value;
}
