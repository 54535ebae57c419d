import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from './auth/lifecycle.ts';

/** Failures are already shown by the HTTP client, so a retry would only repeat the toast. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// A new session starts with nothing cached from before; a department switch loads everything again.
onSessionReset((change) => (change === 'begin' ? queryClient.clear() : void queryClient.resetQueries()));
