import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useTokenRefresh } from '../auth/tokenRefresh.ts';
import { useButtonPermissions } from '../auth/useButtonPermissions.ts';
import { useParkClockSync } from '../clock.ts';
import { PageSpin } from '../components/PageSpin.tsx';
import { queryClient } from '../queryClient.ts';
import { LOCK_PATH } from '../router/paths.ts';
import { useLock } from '../stores/lock.ts';
import { usePreferences } from '../stores/preferences.ts';
import { AppFeedback } from './AppFeedback.tsx';
import { FocusRings } from './FocusRings.tsx';
import { InitialPasswordBanner } from './InitialPasswordBanner.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SHELL_SCREENS } from './screens.ts';
import { useScrollRegionRepair } from './scrollRegions.ts';
import { TagsBar } from './TagsBar.tsx';
import { TopBar } from './TopBar.tsx';
import { useTablistRepair } from './tablists.ts';
import { THEMES } from './themes.ts';
import { usePageTitle } from './usePageTitle.ts';
import { useScreen } from './useScreen.ts';

/**
 * The signed-in console, with the query client its screens share: it loads with the console, so the login
 * page does without it.
 */
export default function MainLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInFrame />
    </QueryClientProvider>
  );
}

/** The signed-in frame: sidebar, top bar, tags bar, and the current screen; a locked console shows /lock instead. */
function SignedInFrame() {
  useTokenRefresh();
  useButtonPermissions();
  useParkClockSync();
  usePageTitle();
  useTablistRepair();
  useScrollRegionRepair();
  const locked = useLock((s) => s.locked);
  const bodyBg = THEMES[usePreferences((s) => s.theme)].bodyBg;
  const { mobile } = useScreen();
  if (locked) return <Navigate to={LOCK_PATH} replace />;
  return (
    <AppFeedback>
      <FocusRings />
      <Layout style={{ minHeight: '100vh', background: bodyBg }}>
        <Sidebar />
        {/* minWidth 0: wide tables scroll inside the page instead of widening it past a small screen. */}
        <Layout style={{ minWidth: 0 }}>
          <TopBar />
          <TagsBar />
          <Layout.Content style={{ padding: mobile ? 8 : 16 }}>
            <InitialPasswordBanner />
            <Suspense fallback={<PageSpin />}>
              <Outlet context={SHELL_SCREENS} />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </AppFeedback>
  );
}
