import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography, theme } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHomeTiles, type NavigationTile } from '../../api/system.ts';
import { useLang } from '../../i18n/index.ts';
import { isExternal } from '../../router/menuRoutes.ts';
import { useMenuTree } from '../../router/useMenuTree.ts';
import { menuIconOf } from '../../shell/menuIcon.tsx';
import { useMenuNavigation } from '../../shell/menuNavigation.ts';
import { tileNamer } from './tileNames.ts';

/** Keyed under the navigate entity's queries, so changes on /system/navigate show here at once. */
const tilesQuery = {
  queryKey: ['crud', 'navigate', 'home'],
  queryFn: fetchHomeTiles,
};

/** The tiles by their group, groups in the order their first tile comes. */
function byGroup(tiles: NavigationTile[]): [string, NavigationTile[]][] {
  const groups = new Map<string, NavigationTile[]>();
  for (const tile of tiles) {
    const group = tile.category?.trim() ?? '';
    groups.set(group, [...(groups.get(group) ?? []), tile]);
  }
  return [...groups];
}

/**
 * 快捷导航: the tenant's navigation tiles. A console path opens like a sidebar entry (in a tab);
 * a web address opens in a new window.
 */
export function QuickNavigation() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { open } = useMenuNavigation();
  const tiles = useQuery(tilesQuery);
  const { tree } = useMenuTree();
  const names = tileNamer(tree, useLang());
  if (!tiles.data?.length) return null;
  return (
    <Card title={t('quickNavigation')} style={{ marginTop: 16 }}>
      {byGroup(tiles.data).map(([group, items]) => (
        <section key={group} aria-label={names.group(group) || t('quickNavigation')} style={{ marginBottom: 8 }}>
          {group && (
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {names.group(group)}
            </Typography.Title>
          )}
          <Flex wrap gap={12}>
            {items.map((tile) => {
              const external = isExternal(tile.path);
              return (
                <a
                  key={tile.id}
                  href={tile.path}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={(event) => {
                    if (external) return;
                    event.preventDefault();
                    open(tile.path);
                  }}
                  style={{
                    width: 120,
                    padding: '16px 8px',
                    textAlign: 'center',
                    color: token.colorText,
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadiusLG,
                  }}
                >
                  <div style={{ fontSize: 28, color: token.colorPrimary }}>
                    {createElement(menuIconOf(tile.source ?? undefined))}
                  </div>
                  <div style={{ marginTop: 8, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {names.tile(tile.name, tile.path)}
                  </div>
                </a>
              );
            })}
          </Flex>
        </section>
      ))}
    </Card>
  );
}
