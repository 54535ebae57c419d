import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTokenRefresh } from '../auth/tokenRefresh.ts';
import { useButtonPermissions } from '../auth/useButtonPermissions.ts';
import { PageSpin } from '../components/PageSpin.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsBar } from './TagsBar.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in frame: sidebar, top bar, tags bar, and the current screen. */
export default function MainLayout() {
  useTokenRefresh();
  useButtonPermissions();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar />
      <Layout>
        <TopBar />
        <TagsBar />
        <Layout.Content style={{ padding: 16 }}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
