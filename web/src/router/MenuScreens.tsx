import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { type ComponentType, createElement, type LazyExoticComponent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageSpin } from '../components/PageSpin.tsx';
// Imported, not loaded lazily: nearly every menu screen is a list or draws one, and with the generic list's code here
// its modules stay in one chunk instead of being split by the screens that share them (a list added 20 files, some
// custom screens 40).
import EntityScreen from '../crud/EntityScreen.tsx';
import { KeptScreens } from './KeptScreens.tsx';
import { lazyScreen } from './loadChunk.tsx';
import { type MenuRoute, subPageViews, type ViewLoader } from './menuRoutes.ts';
import { movedAddress } from './movedPaths.ts';
import { useMenuRoutes } from './useMenuRoutes.ts';
import { viewGrants, views } from './views.ts';

/** One lazy component per custom screen, made once so React keeps its identity between renders. */
const lazyViews = new Map<ViewLoader, LazyExoticComponent<ComponentType>>();
function lazyView(load: ViewLoader): LazyExoticComponent<ComponentType> {
  let view = lazyViews.get(load);
  if (!view) {
    view = lazyScreen(load);
    lazyViews.set(load, view);
  }
  return view;
}

function RouteScreen({ route }: { route: MenuRoute }) {
  const { screen } = route;
  switch (screen.kind) {
    case 'view': {
      const View = lazyView(screen.load);
      return <View />;
    }
    case 'entity':
      return <EntityScreen key={screen.route} route={screen.route} />;
    case 'missing':
      return <Navigate to="/404" replace />;
  }
}

/** An address no route holds: a moved screen's old one goes to its new one (movedPaths.ts), any other to the 404 page. */
function Unmatched() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={movedAddress(`${pathname}${search}${hash}`) ?? '/404'} replace />;
}

/** The routes built from the user's menus; a path no menu grants is a 404. */
export function MenuScreens() {
  const { t } = useTranslation(['layout', 'common']);
  const { token } = theme.useToken();
  const { menus, routes } = useMenuRoutes();
  const routeObjects = useMemo<RouteObject[]>(
    () => [
      ...routes.map((route) => ({ path: route.path, element: <RouteScreen route={route} /> })),
      // A custom screen below a page the menus grant (views/crm/enterprise/detail), or naming it, opens as its sub-page.
      ...subPageViews(views, viewGrants, routes).map(([path, load]) => ({
        path,
        element: createElement(lazyView(load)),
      })),
      // A screen's address from before it moved to BladeX's path (a bookmark) leads to its new one; any other is a 404.
      { path: '*', element: <Unmatched /> },
    ],
    [routes],
  );
  const keptPaths = useMemo(() => new Set(routes.filter((r) => r.keepAlive).map((r) => r.path)), [routes]);
  const element = useRoutes(routeObjects);
  if (menus.isPending) return <PageSpin />;
  if (menus.isError) {
    // Laid out as antd's Result error, without Result, whose illustrations would load with every list screen.
    return (
      <Flex vertical align="center" justify="center" gap={token.marginMD} style={{ minHeight: 320, padding: 32 }}>
        <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
        <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading, textAlign: 'center' }}>
          {t('menuFailed')}
        </div>
        <Button onClick={() => void menus.refetch()}>{t('common:retry')}</Button>
      </Flex>
    );
  }
  return (
    <KeptScreens routes={routeObjects} keptPaths={keptPaths}>
      {element}
    </KeptScreens>
  );
}

// The router loads it lazily (router/index.tsx).
export default MenuScreens;
