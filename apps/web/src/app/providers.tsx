/**
 * App-wide providers (DESIGN "Web"): TanStack Query. Ant Design's providers (theme, locale, `App`)
 * are not app-wide: they load with the screens that use antd (antd-root.tsx, `loadAntdRoot`), so the
 * public pages /login and /s start without antd (issue 17 "Weight and speed").
 */
import { QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  type ReactNode,
} from 'react';
import i18n from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';

/** Props of Providers. */
export interface ProvidersProps {
  children: ReactNode;
}

/** Wrap the app in its providers; the persistent antd host joins once antd has loaded. */
export function Providers({ children }: ProvidersProps): ReactElement {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <HostOnceLoaded />
    </QueryClientProvider>
  );
}

/** The loaded antd shell module, and who waits for it. */
let loaded: AntdRootModule | null = null;
const waiting = new Set<(m: AntdRootModule) => void>();

/** antd-root.tsx's `AntdHost` once a screen has loaded antd (nothing before: it never loads it). */
function HostOnceLoaded(): ReactElement | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    waiting.add(setModule);
    return () => void waiting.delete(setModule);
  }, [module]);
  return module ? <module.AntdHost /> : null;
}

/** The antd shell module (antd-root.tsx). */
export type AntdRootModule = typeof import('./antd-root.tsx');

let antdRoot: Promise<AntdRootModule> | null = null;

/**
 * Load the antd shell: its module and, for an English UI, antd's en_US locale, so its first render is
 * in the right language. Idempotent.
 */
export function loadAntdRoot(): Promise<AntdRootModule> {
  const language = i18n.language;
  antdRoot ??= Promise.all([
    import('./antd-root.tsx'),
    language === 'en-US'
      ? import('./antd-locale.ts').then((m) => m.loadAntdLocale(language)).catch(() => undefined)
      : undefined,
  ]).then(([m]) => {
    loaded = m;
    for (const wait of waiting) wait(m);
    return m;
  });
  return antdRoot;
}

/**
 * A screen loaded on first render inside the antd providers, its code and antd's loading together
 * (the crash screen, the chat-app sign-in, the preview overlay).
 */
export function lazyWithAntd(load: () => Promise<ComponentType>): LazyExoticComponent<() => ReactElement> {
  return lazy(async () => {
    const [Screen, { AntdRoot }] = await Promise.all([load(), loadAntdRoot()]);
    return {
      default: () => (
        <AntdRoot>
          <Screen />
        </AntdRoot>
      ),
    };
  });
}
