/**
 * The one TanStack Query client of the SPA. Real-time notices (spec 000 §7) and finished uploads
 * (000 §2 File-transfer panel) invalidate queries through it.
 */
import { QueryClient } from '@tanstack/react-query';

/** Shared query client: no retries on envelope errors (the client already toasted), no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
