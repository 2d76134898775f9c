/**
 * Rendering React components in tests (Vitest + Testing Library, jsdom): the providers the app gives
 * every page (lib/feedback.tsx's toasts and dialogs, TanStack Query, a memory router), and the browser APIs antd
 * reads that jsdom lacks (matchMedia, ResizeObserver). A component test starts with the line
 * `// @vitest-environment jsdom` and imports `renderWithApp` from here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FeedbackProvider } from '../lib/feedback.tsx';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import '../lib/i18n.ts';

if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

if (!('ResizeObserver' in window))
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };

afterEach(() => cleanup());

/**
 * Render `ui` inside the app's providers at `route` (default `/`). Queries never retry, so a test sees
 * a failed call at once.
 */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <FeedbackProvider>{ui}</FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
