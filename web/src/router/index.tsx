import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageSpin } from '../components/PageSpin.tsx';
// Imported here, where every page passes, so login and logout always drop the lock (see the store).
import '../stores/lock.ts';
import { LoginRedirect, RequireAuth, RequireRoles } from './guards.tsx';
import { lazyScreen } from './loadChunk.tsx';
import { HOME_PATH, INFO_PATH, LOCK_PATH, TEST_PATH, TEST_ROLES } from './paths.ts';

const LoginPage = lazyScreen(() => import('../pages/login/LoginPage.tsx'));
const SocialCallbackPage = lazyScreen(() => import('../pages/login/SocialCallbackPage.tsx'));
const ErrorPage = lazyScreen(() => import('../pages/errors/ErrorPage.tsx'));
const LockPage = lazyScreen(() => import('../pages/lock/LockPage.tsx'));
const MainLayout = lazyScreen(() => import('../shell/MainLayout.tsx'));
const HomePage = lazyScreen(() => import('../pages/home/HomePage.tsx'));
const IframePage = lazyScreen(() => import('../pages/iframe/IframePage.tsx'));
const InfoPage = lazyScreen(() => import('../views/info/index.tsx'));
const ShowcasePage = lazyScreen(() => import('../pages/showcase/ShowcasePage.tsx'));
// The menu routes bring the catalog and every screen's loader: signed-in pages load them, not the login page.
const MenuScreens = lazyScreen(() => import('./MenuScreens.tsx'));

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
      { path: HOME_PATH, element: <HomePage /> },
      { path: INFO_PATH, element: <InfoPage /> },
      {
        path: TEST_PATH,
        element: (
          <RequireRoles roles={TEST_ROLES}>
            <ShowcasePage />
          </RequireRoles>
        ),
      },
      { path: 'myiframe/:routerPath', element: <IframePage /> },
      { path: '*', element: <MenuScreens /> },
    ],
  },
]);
