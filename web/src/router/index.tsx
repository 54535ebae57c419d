import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageSpin } from '../components/PageSpin.tsx';
// Imported here, where every page passes, so login and logout always drop the lock (see the store).
import '../stores/lock.ts';
import { LoginRedirect, RequireAuth, RequireRoles } from './guards.tsx';
import { lazyScreen } from './loadChunk.tsx';
import { HOME_PATH, INFO_PATH, LOCK_PATH, TEST_PATH, TEST_ROLES } from './paths.ts';
import { ShellScreen } from './ShellScreen.tsx';

const LoginPage = lazyScreen(() => import('../pages/login/LoginPage.tsx'));
const SocialCallbackPage = lazyScreen(() => import('../pages/login/SocialCallbackPage.tsx'));
const ErrorPage = lazyScreen(() => import('../pages/errors/ErrorPage.tsx'));
const LockPage = lazyScreen(() => import('../pages/lock/LockPage.tsx'));
const MainLayout = lazyScreen(() => import('../shell/MainLayout.tsx'));

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
  // Where a third-party login provider sends the browser back (issue 37).
  {
    path: '/oauth/redirect/:source',
    element: (
      <Screen>
        <SocialCallbackPage />
      </Screen>
    ),
  },
  {
    path: LOCK_PATH,
    element: (
      <Screen>
        <LockPage />
      </Screen>
    ),
  },
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
      { path: HOME_PATH, element: <ShellScreen name="home" /> },
      { path: INFO_PATH, element: <ShellScreen name="info" /> },
      {
        path: TEST_PATH,
        element: (
          <RequireRoles roles={TEST_ROLES}>
            <ShellScreen name="showcase" />
          </RequireRoles>
        ),
      },
      { path: 'myiframe/:routerPath', element: <ShellScreen name="iframe" /> },
      { path: '*', element: <ShellScreen name="menu" /> },
    ],
  },
]);
