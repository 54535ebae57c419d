import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './queryClient.ts';
import { router } from './router/index.tsx';
import { UiProvider } from './shell/UiProvider.tsx';

export function App() {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </UiProvider>
  );
}
