import { RouterProvider } from 'react-router-dom';
import { router } from './router/index.tsx';
import { UiProvider } from './shell/UiProvider.tsx';

/** The query client comes with the signed-in console (shell/MainLayout.tsx): the login page does without it. */
export function App() {
  return (
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>
  );
}
