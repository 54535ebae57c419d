import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { createElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMenuRoutes, fetchTopMenus, type MenuNode, type TopMenu } from '../api/menu.ts';
import { menuLabel, useLang } from '../i18n/index.ts';
import { useMenuTree } from '../router/useMenuTree.ts';
import { usePreferences } from '../stores/preferences.ts';
import { useTopMenu } from '../stores/topMenu.ts';
import { menuIconOf } from './menuIcon.tsx';
import { useMenuNavigation } from './menuNavigation.ts';
import { shellColours, THEMES } from './themes.ts';

/**
 * The tenant's top menus (spec part 6: menus depend on the top menu), where BladeX's top bar shows
 * them. Keyed under the top-menu entity's queries, so the top menu screen's reloads refresh the bar.
 */
const topMenusQuery = { queryKey: ['crud', 'topmenu', 'top-menu'], queryFn: fetchTopMenus };

/**
 * The sidebar's tree: the picked top menu's menus (`menu/routes?topMenuId=`), or every menu when
 * none is picked. Routing keeps every menu, so a page opened before the pick stays reachable.
 */
export function useSidebarTree(): MenuNode[] {
  const topMenuId = useTopMenu((s) => s.id);
  const { tree } = useMenuTree();
  const picked = useQuery({
    queryKey: ['menu', 'routes', topMenuId],
    queryFn: () => fetchMenuRoutes(topMenuId),
    enabled: topMenuId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  return topMenuId === undefined ? tree : (picked.data ?? tree);
}

/** One entry of the bar, marked when picked. */
function Entry({
  item,
  picked,
  onPick,
}: {
  item: Pick<TopMenu, 'name' | 'source'>;
  picked: boolean;
  onPick: () => void;
}) {
  const look = THEMES[usePreferences((s) => s.theme)];
  const primary = usePreferences((s) => s.primary);
  return (
    <Button
      type="text"
      aria-pressed={picked}
      icon={item.source ? createElement(menuIconOf(item.source)) : undefined}
      onClick={onPick}
      style={{
        borderRadius: 0,
        height: 56,
        fontWeight: picked ? 600 : undefined,
        borderBottom: `2px solid ${picked ? shellColours(look, primary).headerMark : 'transparent'}`,
      }}
    >
      {item.name}
    </Button>
  );
}

/** The bar of top menus: 全部菜单 first, then each top menu; picking one narrows the sidebar and opens its page. */
export function TopMenuBar() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const topMenus = useQuery(topMenusQuery);
  const pickedId = useTopMenu((s) => s.id);
  const pick = useTopMenu((s) => s.pick);
  const { leaves, open } = useMenuNavigation();

  // A top menu removed since it was picked leaves nothing to narrow to: show every menu again.
  useEffect(() => {
    if (pickedId && topMenus.data && !topMenus.data.some((m) => m.id === pickedId)) pick(undefined);
  }, [pickedId, topMenus.data, pick]);

  if (!topMenus.data?.length) return null;
  const choose = (menu: TopMenu) => {
    pick(menu.id);
    // Its own page, when it names one the user's menus hold.
    if (menu.path && leaves.some((leaf) => leaf.path === menu.path)) open(menu.path);
  };
  return (
    <nav aria-label={t('topMenu.label')} style={{ overflowX: 'auto', whiteSpace: 'nowrap', minWidth: 0 }}>
      <Flex align="center">
        <Entry item={{ name: t('topMenu.all') }} picked={pickedId === undefined} onPick={() => pick(undefined)} />
        {topMenus.data.map((menu) => (
          <Entry
            key={menu.id}
            // English names by code, as the sidebar's (the seeded top menus share their menus' codes).
            item={{ ...menu, name: menuLabel(menu.code, menu.name, lang) }}
            picked={menu.id === pickedId}
            onPick={() => choose(menu)}
          />
        ))}
      </Flex>
    </nav>
  );
}
