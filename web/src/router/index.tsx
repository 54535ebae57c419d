import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageSpin } from '../components/PageSpin.tsx';
import { LoginRedirect, RequireAuth } from './guards.tsx';
import { MenuScreens } from './MenuScreens.tsx';
import { HOME_PATH } from './paths.ts';

const LoginPage = lazy(() => import('../pages/login/LoginPage.tsx'));
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage.tsx'));
const MainLayout = lazy(() => import('../shell/MainLayout.tsx'));
const HomePage = lazy(() => import('../pages/home/HomePage.tsx'));

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpin fullScreen />}>{children}</Suspense>;
}

/** Public routes, then the main layout with home and whatever the menus hold (spec part 2). */
export const router = createBrowserRouter([
  {
    path: '/login/platform',
    element: (
      <Screen>
        <LoginPage key="platform" accountType="platform" />
      </Screen>
    ),
  },
  {
    path: '/login/company',
    element: (
      <Screen>
        <LoginPage key="web" accountType="web" />
      </Screen>
    ),
  },
  { path: '/login', element: <LoginRedirect /> },
  ...([403, 404, 500] as const).map((status) => ({
    path: `/${status}`,
    element: (
      <Screen>
        <ErrorPage status={status} />
      </Screen>
    ),
  })),
  {
    path: '/',
    element: (
      <RequireAuth>
        <Screen>
          <MainLayout />
        </Screen>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      { path: 'wel', element: <Navigate to={HOME_PATH} replace /> },
      { path: HOME_PATH, element: <HomePage /> },
      { path: '*', element: <MenuScreens /> },
    ],
  },
]);
