import { QueryClient } from '@tanstack/react-query';

/** Failures are already shown by the HTTP client, so a retry would only repeat the toast. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
